import {
  ANALYTICS_PREFIX,
  API_PREFIX,
  CORRELATION_ID_HEADER,
  JSON_PATCH_CONTENT_TYPE,
  SMART_SIGNUP_PREFIX,
} from "@portal/contracts";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import { activityPlugin } from "./activity/activity-routes.js";
import { analyticsPlugin } from "./analytics/analytics-routes.js";
import { companiesPlugin } from "./companies/company-routes.js";
import type { TrustProxy } from "./config.js";
import { credentialsPlugin } from "./credentials/index.js";
import { healthPlugin } from "./health/health-routes.js";
import { apiReferencePlugin } from "./http/api-reference-routes.js";
import type { AppDeps } from "./http/app-deps.js";
import { correlationIdOf } from "./http/correlation-id.js";
import { type ErrorAnswerObserver, installErrorCodeCheck } from "./http/error-code-check.js";
import { installErrorFunnel } from "./http/error-funnel.js";
import { clientErrorHandler, frameworkErrors } from "./http/framework-errors.js";
import { openApiPlugin } from "./http/openapi-routes.js";
import { deferredRequestLogger } from "./http/request-logger.js";
import { testClockPlugin } from "./http/test-clock-routes.js";
import { membershipPlugin } from "./memberships/membership-routes.js";
import { outboxPlugin } from "./outbox/outbox-routes.js";
import { deletionPlugin } from "./persons/deletion-routes.js";
import { emailChangePlugin } from "./persons/email-change-routes.js";
import { emailChangeUndoPlugin } from "./persons/email-change-undo.js";
import { mePlugin } from "./persons/me-routes.js";
import { oneClickLinkCheckPlugin } from "./persons/one-click-link-check.js";
import { passwordPlugin } from "./persons/password-routes.js";
import { queuedMailsPlugin, requestOptInResend } from "./persons/queued-mails.js";
import { secureAccountPlugin } from "./persons/secure-account-routes.js";
import { accountRestorePlugin } from "./privacy/account-restore.js";
import { privacyPlugin } from "./privacy/privacy-routes.js";
import { retentionSchedulePlugin } from "./privacy/retention-schedule.js";
import { identityPlugin, keycloakUserSyncPlugin } from "./provider/index.js";
import { registrationPlugin } from "./registration/registration-routes.js";
import { ssfPlugin } from "./ssf/ssf-routes.js";
import { ssfSupportPlugin } from "./ssf/ssf-support-routes.js";
import { registerCompression } from "./static/compression.js";
import { installSecurityHeaders } from "./static/security-headers.js";
import { webAppPlugin } from "./static/web-app-routes.js";
import { supportPlugin } from "./support/support-routes.js";
import { webTargetsPlugin } from "./web-targets/web-targets-routes.js";

/**
 * Fastify's `trustProxy` for TRUST_PROXY, so request.ip is the client the nearest trusted
 * proxy saw. Fastify reads a bare number as "trust nobody" (it cannot check the peer), so a
 * hop count is spelled out: the socket's peer and the `hops - 1` entries after it are proxies.
 */
const trustProxyOption = (
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) =>
  trust === false ? false : typeof trust === "number" ? (_address, hop) => hop < trust : [...trust];

/**
 * Builds the one Fastify instance of the portal: correlation ids, the error funnel, and
 * every module's plugin (each module adds its own registration line below).
 */
/** Sees each route as it is registered (method and full URL), for example to list them. */
export type RouteObserver = (route: { readonly method: string; readonly url: string }) => void;

export const buildApp = async (
  deps: AppDeps,
  logger: FastifyBaseLogger,
  onRoute?: RouteObserver,
  onErrorAnswer?: ErrorAnswerObserver,
): Promise<FastifyInstance> => {
  const app = Fastify({
    loggerInstance: logger,
    genReqId: correlationIdOf,
    logController: new LogController({ requestIdLogLabel: "correlationId" }),
    childLoggerFactory: deferredRequestLogger,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // Refusals before any hook runs still answer with the error list and a correlation id.
    frameworkErrors,
    clientErrorHandler,
  }) as unknown as FastifyInstance;

  if (onRoute) {
    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) onRoute({ method, url: route.url });
    });
  }

  // Every response, errors included, carries the correlation id (spec section 8).
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(CORRELATION_ID_HEADER, request.id);
    done();
  });
  installErrorFunnel(app);
  // Tests check every error answer against the route table's lists (before compression).
  if (onErrorAnswer) installErrorCodeCheck(app, onErrorAnswer);
  // Before every route: security headers and compression apply to all responses.
  installSecurityHeaders(app, deps.config);
  await registerCompression(app);

  // JSON Patch bodies are JSON; Fastify only knows application/json by default.
  app.addContentTypeParser(
    JSON_PATCH_CONTENT_TYPE,
    { parseAs: "string" },
    app.getDefaultJsonParser("error", "error"),
  );

  // Module registrations (one line each).
  // First: its nudge after every answer must be in place before the routes it watches.
  await app.register(keycloakUserSyncPlugin, { deps });
  // Also first, for the same reason: it nudges the Shared Signals delivery after answers.
  await app.register(ssfPlugin, { deps });
  await app.register(webTargetsPlugin, { prefix: API_PREFIX, deps });
  await app.register(registrationPlugin, { prefix: API_PREFIX, deps });
  await app.register(passwordPlugin, { prefix: API_PREFIX, deps });
  await app.register(mePlugin, { prefix: API_PREFIX, deps });
  await app.register(credentialsPlugin, { prefix: API_PREFIX, deps });
  await app.register(emailChangePlugin, { prefix: API_PREFIX, deps });
  await app.register(emailChangeUndoPlugin, { prefix: API_PREFIX, deps });
  await app.register(secureAccountPlugin, { prefix: API_PREFIX, deps });
  await app.register(deletionPlugin, { prefix: API_PREFIX, deps });
  await app.register(oneClickLinkCheckPlugin, { prefix: API_PREFIX, deps });
  await app.register(activityPlugin, { prefix: API_PREFIX, deps });
  await app.register(privacyPlugin, { prefix: API_PREFIX, deps });
  await app.register(accountRestorePlugin, { prefix: API_PREFIX, deps });
  await app.register(retentionSchedulePlugin, { deps });
  await app.register(queuedMailsPlugin, { deps });
  await app.register(membershipPlugin, { prefix: API_PREFIX, deps });
  await app.register(outboxPlugin, { deps });
  await app.register(healthPlugin, { deps });
  await app.register(companiesPlugin, { prefix: SMART_SIGNUP_PREFIX, deps });
  await app.register(analyticsPlugin, { prefix: ANALYTICS_PREFIX, deps });
  await app.register(supportPlugin, { prefix: API_PREFIX, deps });
  await app.register(ssfSupportPlugin, { prefix: API_PREFIX, deps });
  await app.register(openApiPlugin, { prefix: API_PREFIX, deps });
  await app.register(apiReferencePlugin, { deps });
  await app.register(webAppPlugin, { deps });
  await app.register(identityPlugin, {
    deps,
    requestOptInResend: (ip, email) => requestOptInResend(deps, { ip }, email),
  });
  await app.register(testClockPlugin, { deps });

  return app;
};
