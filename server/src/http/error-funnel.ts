import type { ErrorBody } from "@portal/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { LimiterUnavailable } from "../rate-limit/limiter.js";
import { ApiError } from "./api-error.js";
import { isDatabaseUnavailable, isInputRejectedByDatabase } from "./database-errors.js";

/**
 * The one place that writes error responses: every error becomes an `ErrorBody` list
 * with a fitting status; a stack or SQL text never leaves the server.
 */
export const installErrorFunnel = (app: FastifyInstance): void => {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ApiError) {
      if (error.status >= 500) request.log.error({ err: error }, "request failed");
      return reply
        .headers(error.headers)
        .code(error.status)
        .send(error.entries satisfies ErrorBody);
    }
    if (error instanceof LimiterUnavailable) {
      request.log.error({ err: error }, "rate limits unavailable");
      return reply
        .header("retry-after", String(error.retryAfterSeconds))
        .code(503)
        .send([{ errorCode: "BACKEND_ERROR" }] satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply.code(503).send([{ errorCode: "BACKEND_ERROR" }] satisfies ErrorBody);
    }
    // decodeURIComponent of a caller's malformed percent-encoding (e.g. a path "%E0").
    if (isInputRejectedByDatabase(error) || error instanceof URIError) {
      request.log.info({ err: error }, "input value refused");
      return reply.code(400).send([{ errorCode: "INVALID_REQUEST" }] satisfies ErrorBody);
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      // Fastify's own refusals: bad JSON, wrong content type, body too large, ...
      request.log.info({ err: error }, "request refused");
      const errorCode =
        status === 404 ? "NOT_FOUND" : status === 429 ? "TOO_MANY_REQUESTS" : "INVALID_REQUEST";
      return reply.code(status).send([{ errorCode }] satisfies ErrorBody);
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.code(500).send([{ errorCode: "BACKEND_ERROR" }] satisfies ErrorBody);
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send([{ errorCode: "NOT_FOUND" }] satisfies ErrorBody),
  );
};
