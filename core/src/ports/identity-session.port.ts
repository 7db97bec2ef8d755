import type { LoginClaims } from "@portal/contracts";

/** Options of a sign-in redirect. */
export interface LoginOptions {
  /** Where the identity provider sends the browser back. */
  readonly redirectUri?: string;
  /** Keycloak application-initiated action: `CONFIGURE_TOTP`, `CONFIGURE_EMAIL_OTP`, `delete_credential:{id}`. */
  readonly action?: string;
  /** Interface language for the provider's pages (de, en, fr). */
  readonly locale?: string;
  /** `none` for a silent check, `login` to force the form. */
  readonly prompt?: "none" | "login";
  readonly loginHint?: string;
}

/** Why the identity session could not give a token. */
export type IdentityError =
  | { readonly _tag: "NotAuthenticated" }
  | { readonly _tag: "RefreshFailed"; readonly status: number }
  | { readonly _tag: "InvalidNonce" }
  | { readonly _tag: "AuthenticationExpired" };

/** Minimum remaining validity before a request triggers a refresh (spec section 9). */
export const TOKEN_MIN_VALIDITY_SECONDS = 10;

/**
 * The signed-in session against the identity provider (keycloak-js in the web app,
 * openid-client in the CLI).
 *
 * @example
 * const token = await session.token(); if (token === null) await session.login();
 */
export interface IdentitySession {
  /** True when a token is held. */
  isAuthenticated(): boolean;
  /** Claims of the current access token, or null. */
  claims(): LoginClaims | null;
  /**
   * A bearer token valid for at least `minValiditySeconds` (default 10), refreshing
   * first when needed; null when signed out or the refresh failed (the session is cleared).
   */
  token(minValiditySeconds?: number): Promise<string | null>;
  login(options?: LoginOptions): Promise<void>;
  /** Ends the session at the provider and clears local state. */
  logout(redirectUri?: string): Promise<void>;
}
