import { useEffect } from "react";
import { useServices } from "./services-context.js";
import { useSession } from "./session.js";

// Issue 49: once per sign-in the app tells the browser's passkey provider what is true
// (./passkey-signals.ts). Every protected page mounts this hook, so it is in the first
// page's code: it only checks, and loads the calls (and their server request) where the
// browser has the Signal API, once per sign-in.

const SIGNED_IN_KEY = "portal.passkey-signals.sign-in";
// The sign-in whose signals are being sent by this page (a second mount waits for them).
let inFlight: string | null = null;

const remembered = (): string | null => {
  try {
    return sessionStorage.getItem(SIGNED_IN_KEY);
  } catch {
    return null;
  }
};

const remember = (key: string): void => {
  try {
    sessionStorage.setItem(SIGNED_IN_KEY, key);
  } catch {
    // Storage refused (private mode): the signals go again on the next page load.
  }
};

/** True where the browser has the call that tells which passkeys count. */
const hasSignalApi = (): boolean =>
  typeof window !== "undefined" &&
  typeof (window.PublicKeyCredential as unknown as { signalAllAcceptedCredentials?: unknown })
    ?.signalAllAcceptedCredentials === "function";

/**
 * Once per sign-in (the token's subject and `auth_time`), the passkeys that count and the
 * person's address and name: a passkey removed in another browser is dropped from this
 * browser's manager too, and an address confirmed since (the confirmation asks to sign in
 * again) is shown there.
 */
export function usePasskeySignalsAfterSignIn(): void {
  const { api } = useServices();
  const { authenticated, claims } = useSession();
  const key = authenticated && claims?.sub ? `${claims.sub}:${claims.auth_time ?? ""}` : null;
  useEffect(() => {
    if (key === null || !hasSignalApi() || remembered() === key || inFlight === key) return;
    inFlight = key;
    // Remembered once told, not before: a page left before the calls were made (a link
    // followed at once) tells the browser on the next page instead of never.
    void import("./passkey-signals.js")
      .then((signals) => signals.signalAfterSignIn(api))
      .then(() => remember(key))
      .catch(() => undefined)
      .finally(() => {
        if (inFlight === key) inFlight = null;
      });
  }, [api, key]);
}
