import type { LoginClaims } from "@portal/contracts";
import { type LoginOptions, TOKEN_MIN_VALIDITY_SECONDS } from "@portal/core";
import type { ActionUpdate, BrowserIdentity } from "../app/browser-identity.js";
import type { SessionCheck } from "../app/session-check.js";
import type { SessionHint } from "./session-hint.js";

/**
 * The identity session while its sign-in check runs in the background: signed out (no
 * token, no claims) until the provider answers, then the started identity's own state.
 * Logins, logouts and bearer tokens wait for the answer, so nothing acts on a half-known
 * session. Remembers the answer as the layout hint for the next page load.
 *
 * @example
 * const identity = new DeferredIdentity(startKeycloak(), storageSessionHint());
 * identity.checking(); // true until the silent check-sso has answered
 */
export class DeferredIdentity implements BrowserIdentity, SessionCheck {
  #current: BrowserIdentity | null = null;
  #failed = false;
  readonly #ready: Promise<BrowserIdentity>;
  readonly #listeners = new Set<() => void>();
  readonly #expected: boolean;

  /**
   * @param started the identity, resolving once its sign-in check has answered
   * @param hint the remembered answer of the last check
   * @param loginRequired a protected route: only a signed-in user stays on the page
   */
  constructor(
    started: Promise<BrowserIdentity>,
    private readonly hint: SessionHint,
    loginRequired = false,
  ) {
    this.#expected = loginRequired || hint.read();
    this.#ready = started.then(
      (identity) => {
        this.#current = identity;
        hint.remember(identity.isAuthenticated());
        this.#notify();
        return identity;
      },
      (e: unknown) => {
        // The identity could not start (its chunk did not load): the session counts as
        // signed out, and a login reports the reason.
        this.#failed = true;
        hint.remember(false);
        this.#notify();
        throw e;
      },
    );
    // Callers that need the identity (login, logout) see the failure; the check itself is over.
    this.#ready.catch(() => undefined);
  }

  checking(): boolean {
    return this.#current === null && !this.#failed;
  }

  expectSignedIn(): boolean {
    return this.#expected;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  isAuthenticated(): boolean {
    return this.#current?.isAuthenticated() ?? false;
  }

  claims(): LoginClaims | null {
    return this.#current?.claims() ?? null;
  }

  actionUpdate(): ActionUpdate | null {
    return this.#current?.actionUpdate() ?? null;
  }

  async token(minValiditySeconds = TOKEN_MIN_VALIDITY_SECONDS): Promise<string | null> {
    const identity = await this.#ready.catch(() => null);
    return identity ? identity.token(minValiditySeconds) : null;
  }

  async login(options?: LoginOptions): Promise<void> {
    return (await this.#ready).login(options);
  }

  async logout(redirectUri?: string): Promise<void> {
    this.hint.remember(false);
    return (await this.#ready).logout(redirectUri);
  }

  #notify(): void {
    for (const listener of this.#listeners) listener();
  }
}
