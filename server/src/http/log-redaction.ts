import type { FastifyRequest } from "fastify";

/**
 * What a log line may say about a request. Query strings carry ID tokens
 * (`id_token_hint` holds a name and an e-mail), codes, states, addresses (`?to=`): every
 * value is replaced unless its parameter is known to be harmless, so a new parameter is
 * redacted until someone decides otherwise.
 */

export const REDACTED = "[redacted]";

// Parameters whose values say nothing about a person and hold no secret.
const HARMLESS_PARAMS = new Set([
  "client_id",
  "response_type",
  "response_mode",
  "scope",
  "prompt",
  "max_age",
  "code_challenge_method",
  "kc_action",
  "kc_locale",
  "ui_locales",
  "prk",
  "showSmartSignup",
]);

/**
 * `url` with the value of every query parameter not known to be harmless replaced.
 *
 * @example
 * redactUrl("/logout?id_token_hint=eyJ...&client_id=web"); // "/logout?id_token_hint=[redacted]&client_id=web"
 */
export const redactUrl = (url: string): string => {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return eq < 0 || HARMLESS_PARAMS.has(decoded) ? pair : `${name}=${REDACTED}`;
    })
    .join("&");
  return `${url.slice(0, q)}?${query}`;
};

/** The `req` of a log line (Fastify's fields, with the URL redacted). */
export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url ?? ""),
  host: request.host,
  remoteAddress: request.ip,
});

/**
 * pino redact paths: credentials, tokens and personal data wherever a logged object or
 * error (a driver's `detail`/`params` name the values of a failed statement) holds them.
 */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "headers.authorization",
  "headers.cookie",
  ...[
    "password",
    "newPassword",
    "oldPassword",
    "personalPassword",
    "generalPassword",
    "confirmationToken",
    "optOutToken",
    "passwordResetToken",
    "token",
    "id_token_hint",
    "id_token",
    "access_token",
    "refresh_token",
    "client_secret",
    "otp",
    "recoveryCodeInput",
    "text",
    "email",
    "newEmail",
    "username",
    "to",
    "givenName",
    "surName",
    "surname",
  ].flatMap((name) => [name, `*.${name}`]),
  "err.detail",
  "err.params",
  "err.parameters",
  "err.cause.detail",
  "err.cause.params",
  "err.cause.parameters",
];
