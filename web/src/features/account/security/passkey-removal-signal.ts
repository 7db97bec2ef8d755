import { deleteCredentialAction, type Passkey } from "@portal/contracts";
import { useEffect } from "react";
import { signalAcceptedPasskeys, signalRemovedPasskey } from "../../../adapters/passkey-signals.js";
import type { ActionUpdate } from "../../../app/browser-identity.js";
import { loadPasskeySignals } from "../../../app/passkey-signals.js";
import { useServices } from "../../../app/services-context.js";
import type { PasskeysLoad } from "./passkey-list.js";

// After "Remove" of a passkey the provider removes it and sends the browser back here: the
// page then tells the browser's passkey provider that this credential is gone
// (signalUnknownCredential, issue 49). The removal leaves the page, so its credential id is
// kept in sessionStorage over the round trip; it is signalled only once the server's list
// no longer has it (a cancelled or failed removal signals nothing).

const KEY = "portal.passkey-signals.removal";
const DELETE_PREFIX = deleteCredentialAction("");

/** Before the browser leaves for `action`: keeps the credential id of a passkey being removed. */
export const notePasskeyRemoval = (action: string, passkeys: PasskeysLoad): void => {
  if (!action.startsWith(DELETE_PREFIX) || passkeys.state !== "loaded") return;
  const id = action.slice(DELETE_PREFIX.length);
  const passkey: Passkey | undefined = passkeys.value.find((p) => p.id === id);
  if (!passkey?.credentialId) return;
  try {
    sessionStorage.setItem(KEY, passkey.credentialId);
  } catch {
    // Storage refused: the next sign-in's list tells the browser instead.
  }
};

const takeNoted = (): string | null => {
  try {
    const noted = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return noted;
  } catch {
    return null;
  }
};

/** On return from the provider: signals the passkey noted before, if it is gone now. */
export function usePasskeyRemovalSignal(landed: boolean, update: ActionUpdate | null): void {
  const { api } = useServices();
  const removed = landed && update?.status === "success";
  useEffect(() => {
    if (!landed) return;
    const credentialId = takeNoted();
    if (!removed || !credentialId) return;
    void loadPasskeySignals(api).then(async (signals) => {
      if (!signals || signals.credentialIds.includes(credentialId)) return;
      await signalRemovedPasskey(signals.rpId, credentialId);
      await signalAcceptedPasskeys(signals);
    });
  }, [api, landed, removed]);
}
