import type { Locale } from "@portal/core";
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import { escapeHtml, type PageContext } from "../pages/html.js";
import { safeReturnPath } from "../pages/language-switch.js";
import {
  deviceConfirmPage,
  deviceInputPage,
  deviceSuccessPage,
  errorPage,
  loggedOutPage,
  logoutPage,
} from "../pages/provider-pages.js";
import { pageLocale } from "../pages/texts.js";

type Features = NonNullable<Configuration["features"]>;
type DeviceFlow = NonNullable<Features["deviceFlow"]>;
type Logout = NonNullable<Features["rpInitiatedLogout"]>;

/** The page callbacks oidc-provider calls, rendered in the portal's look and language. */
export interface ProviderPageHooks {
  readonly userCodeInputSource: NonNullable<DeviceFlow["userCodeInputSource"]>;
  readonly userCodeConfirmSource: NonNullable<DeviceFlow["userCodeConfirmSource"]>;
  readonly deviceSuccessSource: NonNullable<DeviceFlow["successSource"]>;
  readonly logoutSource: NonNullable<Logout["logoutSource"]>;
  readonly postLogoutSuccessSource: NonNullable<Logout["postLogoutSuccessSource"]>;
  readonly renderError: NonNullable<Configuration["renderError"]>;
}

const localeOf = (ctx: KoaContextWithOIDC): Locale => {
  const params = (ctx.oidc?.params ?? {}) as Record<string, unknown>;
  return pageLocale(
    { kcLocale: params.kc_locale, uiLocales: params.ui_locales },
    ctx.get("cookie") || undefined,
  );
};

const send = (ctx: KoaContextWithOIDC, body: string): void => {
  ctx.type = "html";
  ctx.body = body;
};

/**
 * The logout form, posting to the configured issuer: oidc-provider builds its action from
 * the request's Host header, which a client chooses.
 */
const logoutForm = (issuer: string, xsrf: string): string =>
  `<form id="op.logoutForm" method="post" action="${escapeHtml(`${issuer}/protocol/openid-connect/logout/confirm`)}"><input type="hidden" name="xsrf" value="${escapeHtml(xsrf)}"/></form>`;

/**
 * True when the logout request's `id_token_hint` names the person signed in in this browser
 * (its subject is the session's account): only then does the page sign out without asking.
 * Anyone can put their own (valid) ID token in a link; that must not sign a victim out.
 */
const hintIsOwnSession = (ctx: KoaContextWithOIDC): boolean => {
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
  const sub = hint?.payload?.sub;
  return typeof sub === "string" && sub === ctx.oidc.session?.accountId;
};

/**
 * The GET path that shows a provider page again after a language switch: the request
 * itself for a GET, else its path without the posted parameters (the device page asks
 * for the code again, the logout page asks again; the error page stays an error page).
 * Under the mount the path lacks the realm prefix, which is put back.
 */
const returnPathOf = (ctx: KoaContextWithOIDC, realmPath: string): string | undefined =>
  safeReturnPath(`${realmPath}${ctx.method === "GET" ? ctx.originalUrl : ctx.path}`, realmPath);

/**
 * The provider's pages. `contextFor` gives the page context of a locale (with the language
 * switch back to `returnTo`); `issuer` is the configured issuer URL the logout form posts
 * to; `realmPath` is where the provider is mounted.
 *
 * @example
 * const hooks = providerPageHooks(pageContextFor, config.oidcIssuer, "/realms/portal");
 */
export const providerPageHooks = (
  contextFor: (locale: Locale, returnTo?: string) => PageContext,
  issuer: string,
  realmPath: string,
): ProviderPageHooks => {
  const ctxOf = (ctx: KoaContextWithOIDC) =>
    contextFor(localeOf(ctx), returnPathOf(ctx, realmPath));
  return {
    userCodeInputSource: async (ctx, form, _out, err) => {
      const problem = !err
        ? undefined
        : "userCode" in err || err.name === "NoCodeError"
          ? "incorrect"
          : err.name === "AbortedError"
            ? "aborted"
            : "error";
      send(ctx, deviceInputPage(ctxOf(ctx), form, problem));
    },
    userCodeConfirmSource: async (ctx, form, _client, _deviceInfo, userCode) => {
      send(ctx, deviceConfirmPage(ctxOf(ctx), form, userCode));
    },
    deviceSuccessSource: async (ctx) => {
      send(ctx, deviceSuccessPage(ctxOf(ctx)));
    },
    logoutSource: async (ctx) => {
      // Keycloak logs out at once when the hint belongs to the browser's own session, and
      // asks otherwise; the form oidc-provider offers is rebuilt on the configured issuer.
      const xsrf = ctx.oidc.session?.state?.secret;
      if (typeof xsrf !== "string") throw new Error("logout without the session's xsrf secret");
      send(ctx, logoutPage(ctxOf(ctx), logoutForm(issuer, xsrf), hintIsOwnSession(ctx)));
    },
    postLogoutSuccessSource: async (ctx) => {
      send(ctx, loggedOutPage(ctxOf(ctx)));
    },
    renderError: async (ctx, out) => {
      send(ctx, errorPage(ctxOf(ctx), typeof out.error === "string" ? out.error : undefined));
    },
  };
};
