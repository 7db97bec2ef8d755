import { type Clock, FRESH_SIGN_IN_SECONDS, type Locale } from "@portal/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import { errors } from "oidc-provider";
import type { SignInRecorderDeps } from "../../activity/sign-in-events.js";
import { recordSignIn } from "../../activity/sign-in-events.js";
import type { RelyingParty } from "../../credentials/index.js";
import type { Db } from "../../db/client.js";
import { flushHeldWrites } from "../../db/request-cache.js";
import type { Mailer } from "../../mail/mailer.js";
import { type AccountRow, findAccountRow, SUPPORT_ROLE } from "../oidc/account-claims.js";
import type { IdSealer } from "../oidc/drizzle-adapter.js";
import type { ProviderInProcess } from "../oidc/in-process.js";
import { API_SCOPES, SUPPORT_CLIENT_ID } from "../oidc/provider.js";
import type { PageContext } from "../pages/html.js";
import type { LoginLinks } from "../pages/login-pages.js";
import { messagePage } from "../pages/login-pages.js";
import { pageLocale } from "../pages/texts.js";
import { amrOf } from "./amr.js";
import { authenticationExpiredUrl, interactionPath } from "./authentication-expired.js";
import { dropLoginState, isUnsaved, type LoginState, readLoginState } from "./login-state.js";
import { answerWithResumedAuthorization, resumesAuthorization } from "./resumed-in-answer.js";

/** What the interaction pages need from the server. */
export interface InteractionDeps {
  readonly provider: Provider;
  readonly db: Db;
  readonly mailer: Mailer;
  readonly mountPath: string;
  readonly apiResource: string;
  readonly associationName: string;
  readonly links: LoginLinks;
  /** A page's context in a locale; with `returnTo` (its GET path) it has the language switch. */
  readonly pageContext: (locale: Locale, returnTo?: string) => PageContext;
  /**
   * Asks for the opt-in mail again for the client at `ip` (the API's own function, so the
   * same limits per client and address apply): done, or refused with the seconds to wait.
   */
  readonly resendOptIn: (
    ip: string,
    email: string,
  ) => Promise<{ readonly retryAfterSeconds: number } | undefined>;
  /** Runs a GET through the provider in-process (in-process.ts): the resumed authorization. */
  readonly providerInProcess: ProviderInProcess;
  /** Opens the restart cookie of an expired interaction (see authentication-expired.ts). */
  readonly restartSealer: IdSealer;
  /** The WebAuthn relying party (passkeys), from PUBLIC_URL. */
  readonly relyingParty: RelyingParty;
  /** Where sign-ins are recorded for the activity list (and new devices alerted). */
  readonly activity: SignInRecorderDeps;
  /**
   * The portal's clock: code lifetimes and cooldowns, authenticator-app time steps and the
   * 5-minute fresh sign-in read it, so tests move time instead of waiting.
   */
  readonly clock: Clock;
}

export type InteractionDetails = Awaited<ReturnType<Provider["interactionDetails"]>>;

/** One request to an interaction page: its details, its stored state, its page context. */
export interface Flow {
  readonly deps: InteractionDeps;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly details: InteractionDetails;
  readonly state: LoginState | undefined;
  readonly ctx: PageContext;
  /** Path of this interaction's pages, e.g. `/realms/portal/login-actions/abc`. */
  readonly base: string;
  readonly uid: string;
}

/** A text field of the posted form (empty when missing or repeated). */
export const field = (flow: Pick<Flow, "request">, name: string): string => {
  const value = (flow.request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : "";
};

/** Seconds after which an application-initiated action asks for the password again. */
export const REAUTH_AFTER_SECONDS = FRESH_SIGN_IN_SECONDS;

/** Sends a page; the provider's pages are never cached. */
export const sendPage = (flow: Pick<Flow, "reply">, body: string, status = 200): FastifyReply =>
  flow.reply
    .code(status)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(body);

/**
 * Loads the interaction of the request (its cookie must match). When it has expired, sends
 * the browser back to the app with `authentication_expired` (keycloak-js then starts the
 * login again), or, where that return address is unknown, answers with the "sign-in took
 * too long" page; either way returns undefined.
 */
export const openFlow = async (
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Flow | undefined> => {
  let details: InteractionDetails;
  try {
    details = await deps.provider.interactionDetails(request.raw, reply.raw);
  } catch (error) {
    if (!(error instanceof errors.SessionNotFound)) throw error;
    const back = await authenticationExpiredUrl(deps.provider, deps.restartSealer, request);
    if (back) {
      reply.header("cache-control", "no-store").redirect(back, 303);
      return undefined;
    }
    const uid = (request.params as { uid?: string } | undefined)?.uid;
    const ctx = deps.pageContext(
      pageLocale({}, request.headers.cookie),
      uid ? `${deps.mountPath}/login-actions/${encodeURIComponent(uid)}` : undefined,
    );
    sendPage({ reply }, messagePage(ctx, ctx.texts.errorTitle, ctx.texts.sessionExpired), 400);
    return undefined;
  }
  const state = await readLoginState(deps.db, details.uid, deps.clock.now());
  return flowOf(deps, request, reply, details, state);
};

/**
 * The flow of an interaction whose details and stored state are in hand: those of the
 * request's cookie (openFlow), or the one the authorization request has just started, which
 * has no state yet (first-page.ts).
 */
export const flowOf = (
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  details: InteractionDetails,
  state: LoginState | undefined,
): Flow => {
  const params = details.params as Record<string, unknown>;
  const locale = pageLocale(
    { kcLocale: params.kc_locale, uiLocales: params.ui_locales },
    request.headers.cookie,
  );
  const base = interactionPath(deps.mountPath, details.uid);
  return {
    deps,
    request,
    reply,
    details,
    state,
    // After a language switch the interaction's own page shows again (post/redirect/get).
    // Every step in a browser still signed in is a signed-in person's page (the footer).
    ctx: { ...deps.pageContext(locale, base), signedIn: Boolean(details.session?.accountId) },
    base,
    uid: details.uid,
  };
};

/**
 * The person this interaction has authenticated (password and, if any, second factor).
 * Once somebody has begun to sign in here (a password or passkey accepted), only that
 * sign-in counts: until it is complete nobody is authenticated, not even the browser's
 * session. Else an application-initiated action of an old session could be passed by
 * anyone's own password (posted to this interaction's login step) and run for the
 * session's person.
 */
export const authenticatedPerson = (flow: Flow): string | undefined => {
  const { state, details } = flow;
  if (state?.passwordAt) return state.secondFactorAt ? state.personId : undefined;
  if (details.prompt.name !== "login" && details.session?.accountId)
    return details.session.accountId;
  return undefined;
};

/**
 * True when this interaction runs on the browser's signed-in session (an application-
 * initiated action without `prompt=login`): its person is the session's, and only the
 * password-again step (`/reauth`) proves it afresh. The sign-in steps for any address do
 * not apply; the provider would otherwise switch the session to whoever signs in there.
 */
export const onSignedInSession = (flow: Flow): boolean =>
  flow.details.prompt.name !== "login" && Boolean(flow.details.session?.accountId);

/** True when this interaction's own sign-in (both steps) proved `personId`. */
const signedInHere = (state: LoginState | undefined, personId: string): boolean =>
  Boolean(state?.passwordAt && state.secondFactorAt && state.personId === personId);

/** The application-initiated action of the request, when one is pending. */
export const pendingAction = (flow: Flow): string | undefined => {
  const action = (flow.details.params as Record<string, unknown>).kc_action;
  return typeof action === "string" && action !== "" ? action : undefined;
};

/**
 * When `personId` last signed in: in this interaction (only a sign-in of that person
 * counts), else the browser session's sign-in (only the session of that person); 0 when
 * neither, which reads as "too long ago".
 */
export const lastAuthentication = async (flow: Flow, personId: string): Promise<number> => {
  const { state, details } = flow;
  if (state?.passwordAt && signedInHere(state, personId))
    return Math.floor(state.passwordAt.getTime() / 1000);
  if (details.session?.accountId !== personId) return 0;
  const uid = details.session.uid;
  const session = uid ? await flow.deps.provider.Session.findByUid(uid) : undefined;
  return session?.loginTs ?? 0;
};

/** Seconds since `personId` last signed in (see {@link lastAuthentication}), by the portal's clock. */
export const signInAgeSeconds = async (flow: Flow, personId: string): Promise<number> =>
  Math.floor(flow.deps.clock.now().getTime() / 1000) - (await lastAuthentication(flow, personId));

/** The account behind the flow, loaded fresh. */
export const accountOf = (flow: Flow, personId: string): Promise<AccountRow | undefined> =>
  findAccountRow(flow.deps.db, personId);

/** The activity list's `factor` of a sign-in whose second factor a remembered device skipped. */
export const REMEMBERED_DEVICE_FACTOR = "remembered-device";
/** The activity's factor of a sign-in with a passkey (the web app says "with a passkey"). */
export const PASSKEY_FACTOR = "passkey";

/** Status Keycloak returns to the app after an application-initiated action. */
export type KcActionStatus = "success" | "cancelled" | "error";

/**
 * Ends the interaction: records the sign-in (when it happened here), grants the requested
 * scopes and the portal API (first-party clients need no consent screen), passes the
 * action status on, and sends the browser back to the authorization endpoint.
 */
export const finish = async (
  flow: Flow,
  personId: string,
  kcActionStatus?: KcActionStatus,
): Promise<FastifyReply> => {
  const { provider } = flow.deps;
  const { details, state } = flow;
  const clientId = String((details.params as Record<string, unknown>).client_id);
  if (clientId === SUPPORT_CLIENT_ID) {
    // The support client signs in staff only (device flow of the portal CLI).
    const row = await accountOf(flow, personId);
    if (!row?.roles.includes(SUPPORT_ROLE)) {
      return finishWith(flow, { error: "access_denied", error_description: "support staff only" });
    }
  }
  const sameAccount = details.session?.accountId === personId;
  const existing =
    sameAccount && details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId: personId, clientId });
  const scope = (details.params as Record<string, unknown>).scope;
  if (typeof scope === "string") grant.addOIDCScope(scope);
  const missingClaims = details.prompt.details.missingOIDCClaims;
  if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims as string[]);
  grant.addResourceScope(flow.deps.apiResource, API_SCOPES);
  const grantId = await grant.save();
  const result: Record<string, unknown> = { consent: { grantId } };
  // A sign-in is recorded only for the person this interaction's own steps proved: an
  // action run on the strength of the session leaves the session's sign-in as it was.
  if (state?.passwordAt && signedInHere(state, personId)) {
    result.login = {
      accountId: personId,
      ts: Math.floor(state.passwordAt.getTime() / 1000),
      amr: amrOf(state),
      // Like Keycloak without "remember me": the session cookie ends with the browser.
      remember: false,
    };
    const account = await accountOf(flow, personId);
    // A remembered browser that stood in for the second factor, or a passkey (proof of
    // possession, "pop"), is said in the activity list.
    const how = state.secondFactorRemembered
      ? { factor: REMEMBERED_DEVICE_FACTOR }
      : amrOf(state).includes("pop")
        ? { factor: PASSKEY_FACTOR }
        : {};
    if (account) await recordSignIn(flow.deps.activity, account, originOf(flow), how);
  }
  if (kcActionStatus) result.kc_action = { status: kcActionStatus };
  return finishWith(flow, result);
};

const finishWith = async (flow: Flow, result: Record<string, unknown>): Promise<FastifyReply> => {
  const target = await flow.deps.provider.interactionResult(
    flow.request.raw,
    flow.reply.raw,
    result,
    {
      mergeWithLastSubmission: false,
    },
  );
  if (!isUnsaved(flow.state)) await dropLoginState(flow.deps.db, flow.uid);
  // The grant and the interaction's result go now, in one statement (request-cache.ts), so a
  // failure gets the step's error page, and the resumed authorization finds them stored.
  await flushHeldWrites();
  flow.reply.header("cache-control", "no-store");
  if (!resumesAuthorization(flow.deps.mountPath, flow.uid, target)) {
    return flow.reply.redirect(target, 303);
  }
  const { provider, providerInProcess } = flow.deps;
  return answerWithResumedAuthorization(
    provider,
    providerInProcess,
    flow.request,
    flow.reply,
    flow.uid,
    target,
  );
};

/** The browser and address a step was posted from. */
export const originOf = (flow: Pick<Flow, "request">) => ({
  userAgent: flow.request.headers["user-agent"],
  ip: flow.request.ip,
});

/** Back to the interaction's page after a successful step (post/redirect/get). */
export const continueFlow = (flow: Flow): FastifyReply =>
  flow.reply.header("cache-control", "no-store").redirect(flow.base, 303);
