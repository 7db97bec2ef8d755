import type { LoginClaims } from "@portal/contracts";
import { type LoginOptions, TOKEN_MIN_VALIDITY_SECONDS } from "@portal/core";
import type Keycloak from "keycloak-js";
import {
  ACTION_STATUSES,
  type ActionUpdate,
  type BrowserIdentity,
} from "../app/browser-identity.js";
import type { ClaimsDecoder } from "./keycloak-claims.js";
import { realmUrlOf } from "./keycloak-config.js";
import { announceSignOut } from "./keycloak-session-watch.js";
import { carriesAuthorizationResponse, type SilentSignInResult } from "./silent-sign-in.js";

/**
 * Probes the provider's third-party-cookie check page (Keycloak serves it; a provider
 * that does not makes keycloak-js's silent check-sso hang for 10 s).
 *
 * @example
 * thirdPartyCheckProbe("https://id.example", "portal")(); // Promise<boolean>
 */
export const thirdPartyCheckProbe =
  (url: string, realm: string, fetchFn: typeof fetch = (i, o) => fetch(i, o)) =>
  async (): Promise<boolean> => {
    const page = `${realmUrlOf(url, realm)}/protocol/openid-connect/3p-cookies/step1.html`;
    try {
      // no-cors: Keycloak on another origin serves the page without CORS headers, so a CORS
      // fetch always failed there and every check-sso became a full-page prompt=none
      // redirect (a confirmation link then ran twice). Its answer is opaque: it loaded.
      const answer = await fetchFn(page, {
        method: "GET",
        mode: "no-cors",
        credentials: "omit",
        cache: "no-store",
      });
      return answer.ok || answer.type === "opaque";
    } catch {
      return false;
    }
  };

/** The part of keycloak-js the adapter uses (tests pass a fake). */
export type KeycloakLike = Pick<
  Keycloak,
  | "init"
  | "login"
  | "logout"
  | "updateToken"
  | "clearToken"
  | "authenticated"
  | "tokenParsed"
  | "token"
> & { onAuthError?: Keycloak["onAuthError"]; onActionUpdate?: Keycloak["onActionUpdate"] };

export interface KeycloakIdentityOptions {
  /** Absolute URL of the app's base path, e.g. `https://host/benutzerverwaltung/`. */
  readonly baseUrl: string;
  /** The interface language for the provider's pages (de, en, fr). */
  readonly locale: () => string;
  /**
   * Whether the provider serves Keycloak's third-party-cookie check page, which keycloak-js
   * loads before a silent check-sso (without it, init waits 10 s and fails). When false the
   * check-sso falls back to a full-page `prompt=none` redirect. Default: assume it does.
   */
  readonly silentCheckAvailable?: () => Promise<boolean>;
  /**
   * The silent check without keycloak-js's iframe (a provider on the page's own origin, see
   * silent-sign-in.ts): its tokens, if any, are handed to keycloak-js. Unset: the iframe.
   */
  readonly silentSignIn?: () => Promise<SilentSignInResult>;
  /** The page's address (tests pass one). */
  readonly currentHref?: () => string;
  /**
   * Asks the provider whether the session of an access token still holds (the userinfo
   * endpoint answers 401 for an ended session): true, false, or null when it cannot tell.
   * Unset: the session counts as open while its token refreshes.
   */
  readonly sessionProbe?: (accessToken: string) => Promise<boolean | null>;
  /**
   * Reads the token's login claims (keycloak-claims.ts, with effect's Schema): given as it
   * is, or loaded by `init` once it found a session, so a page without one never loads it.
   */
  readonly claims:
    | { readonly decode: ClaimsDecoder }
    | { readonly load: () => Promise<ClaimsDecoder> };
}

/**
 * The provider's userinfo endpoint as the session check: 200 open, 401 ended, anything
 * else (offline, busy) unknown. No cookies: the bearer token names the session.
 *
 * @example
 * const probe = userinfoProbe("https://host/realms/portal/protocol/openid-connect/userinfo");
 */
export const userinfoProbe =
  (url: string, fetchFn: typeof fetch = (i, o) => fetch(i, o)) =>
  async (accessToken: string): Promise<boolean | null> => {
    try {
      const res = await fetchFn(url, {
        headers: { authorization: `Bearer ${accessToken}` },
        credentials: "omit",
        cache: "no-store",
      });
      if (res.ok) return true;
      return res.status === 401 ? false : null;
    } catch {
      return null;
    }
  };

/**
 * The browser's identity session through keycloak-js (spec section 4, "Login"):
 * PKCE S256, silent check-sso page, no login iframe, refresh before each request when
 * fewer than 10 s remain, a failed refresh or an invalid nonce clears the token, and
 * `authentication_expired` restarts the login.
 */
export class KeycloakIdentity implements BrowserIdentity {
  private reportedAction: ActionUpdate | null = null;
  private decodeClaims: ClaimsDecoder | null;

  constructor(
    private readonly kc: KeycloakLike,
    private readonly options: KeycloakIdentityOptions,
  ) {
    this.decodeClaims = "decode" in options.claims ? options.claims.decode : null;
    this.kc.onAuthError = (error) => {
      // The provider says the login took too long: start it again rather than fail.
      if (
        error?.error_description === "authentication_expired" ||
        error?.error === "authentication_expired"
      )
        void this.login();
    };
    // keycloak-js calls this during init, while it reads the redirect back from an
    // application-initiated action, and then drops kc_action_status from the address.
    // The value comes from the address: only Keycloak's three statuses are kept.
    this.kc.onActionUpdate = (status, action) => {
      const known = ACTION_STATUSES.find((s) => s === status);
      this.reportedAction = known ? { status: known, action: action ?? null } : null;
    };
  }

  /**
   * Initialises keycloak-js: `login-required` on protected routes, otherwise a silent
   * `check-sso`. Resolves with the signed-in state; a failed init (for example an invalid
   * nonce) leaves the user signed out.
   */
  async init(loginRequired: boolean): Promise<boolean> {
    const signedIn = await this.initKeycloak(loginRequired);
    if (signedIn && !this.decodeClaims && "load" in this.options.claims) {
      // A chunk that does not load leaves the claims unread (null), as a token without them.
      this.decodeClaims = await this.options.claims.load().catch(() => null);
    }
    return signedIn;
  }

  private async initKeycloak(loginRequired: boolean): Promise<boolean> {
    try {
      const href = this.options.currentHref?.() ?? window.location.href;
      // A sign-in's redirect back is in the address: keycloak-js reads it during any init.
      if (!loginRequired && this.options.silentSignIn && !carriesAuthorizationResponse(href)) {
        const result = await this.options.silentSignIn();
        // With tokens keycloak-js refreshes them once at init (its own check that they hold).
        return await this.kc.init({
          pkceMethod: "S256",
          checkLoginIframe: false,
          locale: this.options.locale(),
          scope: "openid",
          ...(result._tag === "SignedIn" ? result.tokens : {}),
        });
      }
      // The silent page only serves check-sso; login-required always redirects.
      const silent =
        !loginRequired && (await (this.options.silentCheckAvailable?.() ?? Promise.resolve(true)));
      return await this.kc.init({
        onLoad: loginRequired ? "login-required" : "check-sso",
        pkceMethod: "S256",
        checkLoginIframe: false,
        ...(silent
          ? {
              silentCheckSsoRedirectUri: new URL("silent-check-sso.html", this.options.baseUrl)
                .href,
            }
          : {}),
        locale: this.options.locale(),
        scope: "openid",
      });
    } catch {
      this.kc.clearToken();
      return false;
    }
  }

  actionUpdate(): ActionUpdate | null {
    return this.reportedAction;
  }

  isAuthenticated(): boolean {
    return this.kc.authenticated === true && Boolean(this.kc.token);
  }

  claims(): LoginClaims | null {
    if (!this.isAuthenticated()) return null;
    return this.decodeClaims?.(this.kc.tokenParsed) ?? null;
  }

  async token(minValiditySeconds = TOKEN_MIN_VALIDITY_SECONDS): Promise<string | null> {
    if (!this.isAuthenticated()) return null;
    try {
      await this.kc.updateToken(minValiditySeconds);
      return this.kc.token ?? null;
    } catch {
      // keycloak-js clears on a 400 itself; clear for every failure so no stale token is sent.
      this.kc.clearToken();
      return null;
    }
  }

  /**
   * Whether the session still holds, for the session check (session-watch.ts): false when
   * the token can no longer be refreshed because the provider ended the session (keycloak-js
   * clears the token on that answer) or the provider says so; null when it cannot be told
   * (offline): a network failure must not sign anybody out.
   */
  async sessionOpen(): Promise<boolean | null> {
    if (!this.isAuthenticated()) return false;
    try {
      await this.kc.updateToken(TOKEN_MIN_VALIDITY_SECONDS);
    } catch {
      return this.kc.authenticated === true ? null : false;
    }
    const token = this.kc.token;
    if (!token) return false;
    // The token stays until the page goes: under login-required keycloak-js answers a
    // cleared token with a new login, and the page should say "signed out" instead.
    return this.options.sessionProbe ? await this.options.sessionProbe(token) : true;
  }

  /** Forgets the tokens (the session ended elsewhere) on a page that stays. */
  forgetSession(): void {
    this.kc.clearToken();
  }

  login(options: LoginOptions = {}): Promise<void> {
    return this.kc.login({
      redirectUri: options.redirectUri ?? window.location.href,
      locale: options.locale ?? this.options.locale(),
      ...(options.action ? { action: options.action } : {}),
      ...(options.prompt ? { prompt: options.prompt } : {}),
      ...(options.loginHint ? { loginHint: options.loginHint } : {}),
    });
  }

  async logout(redirectUri = this.options.baseUrl): Promise<void> {
    // keycloak-js keeps tokens in memory only; its logout reads the id token for the
    // provider's logout URL and leaves the page, so the tokens go with it. Clearing
    // first would drop the id_token_hint (and, under login-required, start a login).
    // The other tabs of this browser share the provider's session: they check at once.
    announceSignOut();
    await this.kc.logout({ redirectUri });
  }
}
