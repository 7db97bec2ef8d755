import type { PasskeySignals } from "@portal/contracts";
import { useEffect } from "react";
import {
  passkeySignalsSupported,
  signalAcceptedPasskeys,
  signalPasskeyUser,
} from "../adapters/passkey-signals.js";
import type { AppServices } from "./app-services.js";
import { useServices } from "./services-context.js";
import { useSession } from "./session.js";

// When the app tells the browser's passkey provider what is true (issue 49, WebAuthn
// Signal API; the calls themselves: adapters/passkey-signals.ts): after each sign-in the
// passkeys that count and the current address and name; after a name change the name
// (profile page); after a removal the removed one (security page). None of it ever shows
// or delays anything: it runs after the page, and a failure is dropped.

/** What to tell the browser about the signed-in person; null in Keycloak mode or on failure. */
export const loadPasskeySignals = async (
  api: AppServices["api"],
): Promise<PasskeySignals | null> => {
  if (!passkeySignalsSupported()) return null;
  const answer = await api.getPasskeySignals();
  return answer.ok ? answer.value.signals : null;
};

/** The person's current address and name, e.g. after the profile saved a new name. */
export const signalPersonDetails = async (api: AppServices["api"]): Promise<void> => {
  const signals = await loadPasskeySignals(api);
  if (signals) await signalPasskeyUser(signals);
};

const SIGNED_IN_KEY = "portal.passkey-signals.sign-in";

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
    if (key === null || !passkeySignalsSupported() || remembered() === key) return;
    remember(key);
    void loadPasskeySignals(api).then(async (signals) => {
      if (!signals) return;
      await signalAcceptedPasskeys(signals);
      await signalPasskeyUser(signals);
    });
  }, [api, key]);
}
