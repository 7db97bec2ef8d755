import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import type { Config } from "./config.js";

// Paths that could carry a secret if someone ever logs a request or body object.
const REDACT = [
  "req.headers.authorization",
  "req.headers.cookie",
  "headers.authorization",
  "*.password",
  "*.newPassword",
  "*.oldPassword",
  "*.personalPassword",
  "*.generalPassword",
  "*.confirmationToken",
  "*.optOutToken",
  "*.passwordResetToken",
  "*.token",
  "*.text",
];

/** The process logger: JSON lines, secrets redacted; request lines carry `correlationId`. */
export const createLogger = (config: Pick<Config, "logLevel">): FastifyBaseLogger =>
  pino({ level: config.logLevel, redact: { paths: REDACT, censor: "[redacted]" } });
