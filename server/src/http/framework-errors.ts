import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import { CORRELATION_ID_HEADER, type ErrorBody } from "@portal/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";

const INVALID_REQUEST: ErrorBody = [{ errorCode: "INVALID_REQUEST" }];

/**
 * Fastify's `frameworkErrors`: a malformed URL (bad percent-encoding) or an over-long path
 * parameter is refused before any hook runs, so this answers them like the error funnel
 * does: the error list and the correlation id.
 */
export const frameworkErrors = (
  error: { readonly code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
): void => {
  const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
  request.log.info({ code: error.code }, "request refused by the router");
  void reply.code(status).header(CORRELATION_ID_HEADER, request.id).send(INVALID_REQUEST);
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses a request (headers too large,
 * broken framing) before Fastify sees it; the answer is still the error list with a
 * correlation id instead of Fastify's own JSON shape.
 */
export const clientErrorHandler = (error: Error & { code?: string }, socket: Socket): void => {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status =
    error.code === "HPE_HEADER_OVERFLOW"
      ? 431
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? 408
        : 400;
  const body = JSON.stringify(INVALID_REQUEST);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n` +
        `${CORRELATION_ID_HEADER}: ${randomUUID()}\r\n` +
        "content-type: application/json; charset=utf-8\r\n" +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        "connection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy(error);
};
