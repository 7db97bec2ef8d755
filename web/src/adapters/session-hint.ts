import { BASE_PATH, SESSION_HINT_COOKIE } from "@portal/core";

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

/** The hint cookie's lifetime: a browser unused for longer counts as a visitor again. */
const HINT_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * The `document.cookie` string that keeps (or, `false`, removes) the hint for the server
 * (SESSION_HINT_COOKIE): it sends a signed-in browser the app without the visitor's frame.
 *
 * @example
 * sessionHintCookie(true, "https:"); // "portal_signed_in=1; Path=/benutzerverwaltung/; Max-Age=2592000; SameSite=Lax; Secure"
 */
export const sessionHintCookie = (signedIn: boolean, protocol: string): string =>
  [
    `${SESSION_HINT_COOKIE}=${signedIn ? "1" : ""}`,
    `Path=${BASE_PATH}`,
    `Max-Age=${signedIn ? HINT_COOKIE_MAX_AGE_SECONDS : 0}`,
    "SameSite=Lax",
    ...(protocol === "https:" ? ["Secure"] : []),
  ].join("; ");

/**
 * The hint in local storage, mirrored into a cookie for the server; storage that is
 * unavailable (private modes, quota) reads as "no".
 */
export function storageSessionHint(
  storage: () => Storage = () => window.localStorage,
  cookies: { cookie: string; location?: { protocol: string } } | null = typeof document ===
  "undefined"
    ? null
    : document,
): SessionHint {
  return {
    read() {
      // The cookie mirrors the hint: where storage alone was cleared (a browser setting, a
      // tool), the server already sent the signed-in page; the app reads it the same way.
      if (cookies?.cookie.split(";").some((pair) => pair.trim() === `${SESSION_HINT_COOKIE}=1`))
        return true;
      try {
        return storage().getItem(SESSION_HINT_KEY) === "1";
      } catch {
        return false;
      }
    },
    remember(signedIn) {
      if (cookies)
        cookies.cookie = sessionHintCookie(signedIn, cookies.location?.protocol ?? "https:");
      try {
        if (signedIn) storage().setItem(SESSION_HINT_KEY, "1");
        else storage().removeItem(SESSION_HINT_KEY);
      } catch {
        // Without storage the header simply waits for the check's answer.
      }
    },
  };
}
