/**
 * The sign-in check of this page load (keycloak-js's silent check-sso, or the code
 * exchange after a login), which runs while the first page already shows: public pages do
 * not wait for the provider. Whatever depends on the signed-in state (protected pages,
 * home, login, the header's menus) reads it from here.
 */
export interface SessionCheck {
  /** True until the provider has answered. */
  checking(): boolean;
  /**
   * Whether the browser was signed in when it last checked: the header draws the layout
   * it expects while checking, so nothing moves when the answer comes.
   */
  expectSignedIn(): boolean;
  /** Calls `listener` when the answer comes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** A check that has answered already (tests, and a session known before the first render). */
export const settledSessionCheck: SessionCheck = {
  checking: () => false,
  expectSignedIn: () => false,
  subscribe: () => () => undefined,
};

/** Resolves once `check` has answered (at once when it has). */
export const answered = (check: SessionCheck): Promise<void> =>
  new Promise((resolve) => {
    if (!check.checking()) resolve();
    else {
      const stop = check.subscribe(() => {
        stop();
        resolve();
      });
    }
  });
