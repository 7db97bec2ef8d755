import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { CORRELATION_ID_HEADER } from "@portal/contracts";

// Only short, plain tokens are taken from a caller, so a header can never smuggle
// control characters or huge values into logs and responses.
const SANE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The correlation id of a request: the caller's `correlationid` header when it is a sane
 * token, else a new random one. Fastify uses it as the request id, so every log line of
 * the request carries it.
 */
export const correlationIdOf = (request: IncomingMessage): string => {
  const incoming = request.headers[CORRELATION_ID_HEADER];
  return typeof incoming === "string" && SANE_ID.test(incoming) ? incoming : randomUUID();
};
