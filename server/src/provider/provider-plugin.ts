import { parse as parseQuery } from "node:querystring";
import { API_PREFIX } from "@portal/contracts";
import { BASE_PATH, type Locale, uiLanguage } from "@portal/core";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { isEmbeddedIssuer, REALM_PATH } from "../config.js";
import { relyingParty } from "../credentials/index.js";
import { withRequestCache } from "../db/request-cache.js";
import { ApiError } from "../http/api-error.js";
import type { AppDeps } from "../http/app-deps.js";
import { permissionsPolicy } from "../static/security-headers.js";
import { webAppHeadReader } from "../static/web-app-head.js";
import { accountRoutes } from "./account/account-routes.js";
import { trackSessionDevices } from "./account/session-devices.js";
import { rememberForRestart, restartSealer } from "./interactions/authentication-expired.js";
import { answerFirstPagesInline } from "./interactions/first-page.js";
import { type Flow, flowOf, openFlow, sendPage } from "./interactions/flow.js";
import { limitFormPosts } from "./interactions/form-post-limit.js";
import { dropExpiredLoginStates } from "./interactions/login-state.js";
import { LOGIN_STEPS } from "./interactions/login-steps.js";
import { proceed } from "./interactions/next-step.js";
import { dropExpiredChallenges } from "./interactions/passkey-challenges.js";
import { providerPolicyOf } from "./interactions/resumed-in-answer.js";
import { deleteExpiredArtifacts } from "./oidc/drizzle-adapter.js";
import { sendHeldWritesBeforeAnswers, sendHeldWritesBeforeReplies } from "./oidc/held-writes.js";
import { providerInProcess } from "./oidc/in-process.js";
import { loadIdentityKeys } from "./oidc/keys.js";
import { mountProvider } from "./oidc/mount.js";
import { createIdentityProvider } from "./oidc/provider.js";
import { PROVIDER_CSP } from "./oidc/provider-csp.js";
import {
  answerDatabaseOutages,
  failureStatus,
  OUTAGE_RETRY_AFTER_SECONDS,
} from "./oidc/provider-outage.js";
import { providerPageHooks } from "./oidc/provider-page-hooks.js";
import {
  allowWebAppRedirects,
  webPostLogoutRedirectUris,
  webRedirectUris,
} from "./oidc/redirect-uris.js";
import { supportClientSecret } from "./oidc/support-secret.js";
import { serveThirdPartyCookieCheck } from "./oidc/third-party-cookies.js";
import { wrapIssuedRefreshTokens } from "./oidc/token-response.js";
import { userinfoHandler } from "./oidc/userinfo.js";
import { providerAssets } from "./pages/assets.js";
import type { PageContext } from "./pages/html.js";
import { languageSwitchPath, serveLanguageSwitch } from "./pages/language-switch.js";
import { webauthnBrowserBundle } from "./pages/passkey-assets.js";
import { errorPage } from "./pages/provider-pages.js";
import { providerTexts } from "./pages/texts.js";

// Defined with the settings (config.ts), where the web app's config.json reads them too.
export { isEmbeddedIssuer, REALM_PATH };

// Expired artifacts are invisible already; this only keeps the table small.
const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

/** The plugin's deps, and the registration feature's resend that the sign-in page offers. */
export interface IdentityPluginOptions {
  readonly deps: AppDeps;
  /**
   * The API's "send the opt-in mail again" for a client address (429 ApiError when asked
   * too often). Passed in by app.ts: the registration mails are the persons feature's,
   * which builds on this one.
   */
  readonly requestOptInResend: (ip: string, email: string) => Promise<void>;
}

/**
 * The embedded Keycloak-compatible OpenID Connect provider under `/realms/portal`: the
 * provider's endpoints, its pages (login, second factor, application-initiated actions),
 * userinfo and the page assets. Registers nothing when OIDC_ISSUER points elsewhere.
 */
export const identityPlugin: FastifyPluginAsync<IdentityPluginOptions> = async (
  app,
  { deps, requestOptInResend },
) => {
  const { config } = deps;
  if (!isEmbeddedIssuer(config)) return;
  const db = deps.database.db;
  const keys = await loadIdentityKeys(db);
  const resources = `${REALM_PATH}/resources`;
  const portalUrl = `${config.publicUrl}${BASE_PATH}`;
  const appHead = webAppHeadReader(config.webDistDir);
  const switchAction = languageSwitchPath(REALM_PATH);
  // A page in `locale`; with `returnTo` (the GET path that shows it again) it has the
  // language switch.
  const pageContext = (locale: Locale, returnTo?: string): PageContext => {
    const language = uiLanguage(locale);
    return {
      language,
      locale,
      texts: providerTexts(language, "page"),
      associationName: config.associationName,
      portalUrl,
      faqUrl: config.faqUrl,
      signUpUrl: config.signupUrl,
      legalNoticeUrl: config.legalNoticeUrl,
      supportEmail: config.supportContact.email,
      resources,
      appHead: appHead(),
      languageSwitch: returnTo ? { action: switchAction, returnTo } : undefined,
    };
  };
  const apiResource = `${config.publicUrl}${API_PREFIX}`;
  const pages = providerPageHooks(pageContext, config.oidcIssuer, REALM_PATH);
  const provider = createIdentityProvider({
    issuer: config.oidcIssuer,
    publicUrl: config.publicUrl,
    webClientId: config.oidcClientId,
    webRedirectUris: webRedirectUris(config.publicUrl),
    webPostLogoutRedirectUris: webPostLogoutRedirectUris(config.publicUrl),
    supportClientSecret: await supportClientSecret(db, config, app.log),
    apiResource,
    db,
    clock: deps.clock,
    keys,
    pages,
  });
  allowWebAppRedirects(provider, config.oidcClientId, config.publicUrl);
  const sealer = restartSealer(keys.refreshSecret);
  rememberForRestart(provider, REALM_PATH, sealer);
  wrapIssuedRefreshTokens(provider, keys.refreshSecret);
  // Before the held writes' middleware, so it runs after their flush (first-page.ts).
  const firstPages = answerFirstPagesInline(provider, REALM_PATH);
  sendHeldWritesBeforeAnswers(provider, pages.renderError);
  // Keycloak returns the outcome of an application-initiated action to the app.
  provider.on("authorization.success", (ctx, out) => {
    const status = (ctx.oidc.result?.kc_action as { status?: string } | undefined)?.status;
    if (status && out) {
      out.kc_action_status = status;
      out.kc_action = ctx.oidc.params?.kc_action;
    }
  });
  // The provider sends no `interval`, so a device would poll at RFC 8628's default of 5 s:
  // say the configured one, as Keycloak does.
  provider.on("device_authorization.success", (_ctx, body) => {
    if (body) body.interval = config.devicePollSeconds;
  });
  trackSessionDevices(provider, db, app.log);
  provider.on("server_error", (_ctx, error) =>
    app.log.error({ err: error }, "identity provider error"),
  );
  answerDatabaseOutages(provider);

  const timer = setInterval(() => {
    Promise.all([
      deleteExpiredArtifacts(db, deps.clock),
      dropExpiredChallenges(db, deps.clock.now()),
      dropExpiredLoginStates(db, deps.clock.now()),
    ]).catch((error) => app.log.warn({ err: error }, "artifact cleanup failed"));
  }, CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, parseQuery(String(body))),
  );

  // The pages' own files, read once at start: one table, one loop.
  const assets = providerAssets();
  const CSS = "text/css; charset=utf-8";
  const JS = "text/javascript; charset=utf-8";
  const files: readonly (readonly [path: string, type: string, body: string])[] = [
    ["login.css", CSS, assets.loginCss],
    ["login.js", JS, assets.loginJs],
    ["webauthn-browser.js", JS, webauthnBrowserBundle()],
    ["passkey.js", JS, assets.passkeyJs],
    ["passkey-upgrade.js", JS, assets.passkeyUpgradeJs],
  ];
  for (const [path, type, body] of files) {
    app.get(`${resources}/${path}`, (_req, reply) =>
      reply.type(type).header("cache-control", "public, max-age=3600").send(body),
    );
  }

  const userinfo = userinfoHandler({
    db,
    issuer: config.oidcIssuer,
    signing: [keys.signing, ...keys.retired],
    clock: deps.clock,
  });
  app.route({
    method: ["GET", "POST"],
    url: `${REALM_PATH}/protocol/openid-connect/userinfo`,
    handler: userinfo,
  });
  serveThirdPartyCookieCheck(app, REALM_PATH);
  serveLanguageSwitch(app, {
    realmPath: REALM_PATH,
    publicUrl: config.publicUrl,
    cookieDomain: config.languageCookieDomain,
    pageContext: (locale) => pageContext(locale),
  });
  securePages(app, switchAction);

  const interactionDeps = {
    provider,
    db,
    mailer: deps.mailer,
    mountPath: REALM_PATH,
    apiResource,
    associationName: config.associationName,
    links: {
      forgotPassword: `${portalUrl}passwort-vergessen`,
      register: `${portalUrl}registrieren`,
    },
    pageContext,
    restartSealer: sealer,
    providerInProcess: providerInProcess(provider, REALM_PATH, config.publicUrl),
    relyingParty: relyingParty(config.publicUrl, config.associationName),
    activity: { db, mailer: deps.mailer, publicUrl: config.publicUrl, log: app.log },
    clock: deps.clock,
    // The API's own function with the real client address: the same limits per client.
    resendOptIn: async (ip: string, email: string) => {
      try {
        await requestOptInResend(ip, email);
        return undefined;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 429) throw error;
        return { retryAfterSeconds: Number(error.headers["retry-after"] ?? 60) };
      }
    },
  };
  const run = (
    request: FastifyRequest,
    reply: FastifyReply,
    open: () => Promise<Flow | undefined>,
    handler: (flow: Flow) => Promise<FastifyReply>,
  ): Promise<FastifyReply> =>
    withRequestCache(async () => {
      const flow = await open();
      if (!flow) return reply;
      try {
        return await handler(flow);
      } catch (error) {
        // A person on these pages gets a page, not the API's JSON error body.
        request.log.error({ err: error }, "sign-in step failed");
        if (reply.sent) return reply;
        const status = failureStatus(error);
        if (status === 503) reply.header("retry-after", String(OUTAGE_RETRY_AFTER_SECONDS));
        return sendPage(flow, errorPage(flow.ctx, undefined), status);
      }
    });
  const step =
    (handler: (flow: Flow) => Promise<FastifyReply>) =>
    (request: FastifyRequest, reply: FastifyReply) =>
      run(request, reply, () => openFlow(interactionDeps, request, reply), handler);
  // The authorization request's own answer: its new interaction's page, which has no
  // stored state yet (first-page.ts).
  const answerWithheld = async (request: FastifyRequest, reply: FastifyReply) => {
    const details = firstPages.take(request.raw);
    if (!details) return false;
    setPageHeaders(reply);
    const open = async () => flowOf(interactionDeps, request, reply, details, undefined);
    await run(request, reply, open, proceed);
    return true;
  };
  const actions = `${REALM_PATH}/login-actions/:uid`;
  securePages(app, actions);
  sendHeldWritesBeforeReplies(app);
  limitFormPosts(app, { limiter: deps.limiter, realmPath: REALM_PATH, pageContext });
  for (const { method, path, step: handler } of LOGIN_STEPS) {
    app.route({ method, url: `${actions}${path}`, handler: step(handler) });
  }

  accountRoutes(app, deps, REALM_PATH);
  mountProvider(app, provider, REALM_PATH, config.publicUrl, answerWithheld);
};

/** The headers of the provider's pages. */
const setPageHeaders = (reply: FastifyReply): void => {
  reply.header("content-security-policy", PROVIDER_CSP);
  // The sign-in pages ask for passkeys (publickey-credentials-get on this origin only).
  reply.header("permissions-policy", permissionsPolicy({ passkeys: true }));
  reply.header("x-content-type-options", "nosniff");
  reply.header("referrer-policy", "no-referrer");
};

const securePages = (app: FastifyInstance, prefix: string): void => {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.routeOptions.url?.startsWith(prefix)) return payload;
    setPageHeaders(reply);
    // The provider's own answer in a step's (resumed-in-answer.ts) keeps its policy: a
    // response mode's form carries its script's hash there.
    const providerPolicy = providerPolicyOf(request);
    if (providerPolicy) reply.header("content-security-policy", providerPolicy);
    return payload;
  });
};
