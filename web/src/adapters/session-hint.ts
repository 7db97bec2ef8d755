/**
 * Whether this browser was signed in when the app last checked: a layout hint only (no
 * token, no claims), so a public page can draw the header of a signed-in user before the
 * provider has answered the sign-in check, and nothing moves when the answer comes.
 */
export interface SessionHint {
  read(): boolean;
  remember(signedIn: boolean): void;
}

/** Key of the hint in local storage. */
export const SESSION_HINT_KEY = "portal.signedIn";

/** The hint in local storage; storage that is unavailable (private modes, quota) reads as "no". */
export function storageSessionHint(
  storage: () => Storage = () => window.localStorage,
): SessionHint {
  return {
    read() {
      try {
        return storage().getItem(SESSION_HINT_KEY) === "1";
      } catch {
        return false;
      }
    },
    remember(signedIn) {
      try {
        if (signedIn) storage().setItem(SESSION_HINT_KEY, "1");
        else storage().removeItem(SESSION_HINT_KEY);
      } catch {
        // Without storage the header simply waits for the check's answer.
      }
    },
  };
}
