import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import type { PageContext } from "./pages/html.js";
import {
  deviceConfirmPage,
  deviceInputPage,
  deviceSuccessPage,
  errorPage,
  loggedOutPage,
  logoutPage,
} from "./pages/provider-pages.js";
import { type PageLanguage, pageLanguage } from "./pages/texts.js";

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

const languageOf = (ctx: KoaContextWithOIDC): PageLanguage => {
  const params = (ctx.oidc?.params ?? {}) as Record<string, unknown>;
  return pageLanguage(
    { kcLocale: params.kc_locale, uiLocales: params.ui_locales },
    ctx.get("cookie") || undefined,
  );
};

const send = (ctx: KoaContextWithOIDC, body: string): void => {
  ctx.type = "html";
  ctx.body = body;
};

/**
 * The provider's pages. `contextFor` gives the page context of a language.
 *
 * @example
 * const hooks = providerPageHooks((language) => pageContextFor(language));
 */
export const providerPageHooks = (
  contextFor: (language: PageLanguage) => PageContext,
): ProviderPageHooks => {
  const ctxOf = (ctx: KoaContextWithOIDC) => contextFor(languageOf(ctx));
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
    logoutSource: async (ctx, form) => {
      // Keycloak logs out at once when the app proves who it is with id_token_hint.
      const hinted = typeof ctx.oidc.params?.id_token_hint === "string";
      send(ctx, logoutPage(ctxOf(ctx), form, hinted));
    },
    postLogoutSuccessSource: async (ctx) => {
      send(ctx, loggedOutPage(ctxOf(ctx)));
    },
    renderError: async (ctx, out) => {
      send(ctx, errorPage(ctxOf(ctx), typeof out.error === "string" ? out.error : undefined));
    },
  };
};
