import type { PasskeySignals } from "@portal/contracts";
import {
  passkeySignalsSupported,
  signalAcceptedPasskeys,
  signalPasskeyUser,
} from "../adapters/passkey-signals.js";
import type { AppServices } from "./app-services.js";

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

/** After a sign-in: the passkeys that count, then the person's address and name. */
export const signalAfterSignIn = async (api: AppServices["api"]): Promise<void> => {
  const signals = await loadPasskeySignals(api);
  if (!signals) return;
  await signalAcceptedPasskeys(signals);
  await signalPasskeyUser(signals);
};
