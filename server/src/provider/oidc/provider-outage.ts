import type Provider from "oidc-provider";
import { isDatabaseUnavailable } from "../../http/database-errors.js";

// The embedded provider while PostgreSQL is away: oidc-provider turns every error it did not
// raise itself into `server_error` with status 500, on the authorization endpoint (an HTML
// page) and on the token endpoint (JSON) alike. A database outage is no bug of a request but
// a passing state, as the API answers it (http/error-funnel.ts): 503 with Retry-After, so a
// balancer, keycloak-js or a person tries again shortly instead of giving up.

/** Seconds a client is asked to wait while the database is unreachable. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** The status of a failed sign-in step: 503 while the database is unreachable, else 500. */
export const failureStatus = (error: unknown): 503 | 500 =>
  isDatabaseUnavailable(error) ? 503 : 500;

/**
 * Makes the provider answer a database outage with 503 and Retry-After. oidc-provider emits
 * `server_error` after it has set the 500 and written its answer, before Koa sends it, so
 * the status can still change here. A JSON answer (the token endpoint and its siblings)
 * becomes `temporarily_unavailable` (RFC 6749's code for exactly this); an HTML answer keeps
 * the error page the provider rendered (the general failure text in the person's language).
 */
export const answerDatabaseOutages = (provider: Provider): void => {
  provider.on("server_error", (ctx, error) => {
    if (!isDatabaseUnavailable(error)) return;
    ctx.status = 503;
    ctx.set("retry-after", String(OUTAGE_RETRY_AFTER_SECONDS));
    const body: unknown = ctx.body;
    const isJson =
      typeof body === "object" && body !== null && !Buffer.isBuffer(body) && !("pipe" in body);
    if (isJson) ctx.body = { error: "temporarily_unavailable" };
  });
};
