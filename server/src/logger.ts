import type { FastifyBaseLogger } from "fastify";
import pino, { type DestinationStream } from "pino";
import type { Config } from "./config.js";
import { REDACT_PATHS, REDACTED, requestSerializer } from "./http/log-redaction.js";

/**
 * The process logger: JSON lines; secrets and personal data redacted (log-redaction.ts),
 * also in request URLs; request lines carry `correlationId`.
 */
export const createLogger = (
  config: Pick<Config, "logLevel">,
  destination?: DestinationStream,
): FastifyBaseLogger =>
  pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      // Fastify's own `req` serializer would write the URL with its query string.
      serializers: { req: requestSerializer },
    },
    destination,
  ) as unknown as FastifyBaseLogger;
