import type { PasskeySignals } from "@portal/contracts";

// The WebAuthn Signal API (issue 49): the portal tells the browser's passkey provider what
// is true, so a password manager stops offering a passkey the portal removed and shows the
// person's current address and name. Each call is feature-detected and silent: where the
// browser lacks it, or refuses, nothing happens and nothing is shown.

/** The part of `PublicKeyCredential` these calls use, each method possibly absent. */
export interface SignalTarget {
  readonly signalUnknownCredential?: (options: {
    rpId: string;
    credentialId: string;
  }) => Promise<void>;
  readonly signalAllAcceptedCredentials?: (options: {
    rpId: string;
    userId: string;
    allAcceptedCredentialIds: string[];
  }) => Promise<void>;
  readonly signalCurrentUserDetails?: (options: {
    rpId: string;
    userId: string;
    name: string;
    displayName: string;
  }) => Promise<void>;
}

/** The browser's `PublicKeyCredential`, or undefined where there is none. */
const browserTarget = (): SignalTarget | undefined =>
  typeof window !== "undefined" && "PublicKeyCredential" in window
    ? (window.PublicKeyCredential as unknown as SignalTarget)
    : undefined;

/**
 * True when the browser has any of the three calls: without it nothing needs asking the
 * server for.
 */
export const passkeySignalsSupported = (target = browserTarget()): boolean =>
  typeof target?.signalAllAcceptedCredentials === "function" ||
  typeof target?.signalCurrentUserDetails === "function" ||
  typeof target?.signalUnknownCredential === "function";

/** Calls `method` of `target` when it has it; a refusal is swallowed. */
const signal = async <K extends keyof SignalTarget>(
  target: SignalTarget | undefined,
  method: K,
  options: Parameters<NonNullable<SignalTarget[K]>>[0],
): Promise<boolean> => {
  const fn = target?.[method] as ((o: typeof options) => Promise<void>) | undefined;
  if (typeof fn !== "function") return false;
  try {
    await fn.call(target, options);
    return true;
  } catch {
    return false;
  }
};

/**
 * After a removal: this credential is gone (`signalUnknownCredential`). True when the
 * browser took the signal.
 *
 * @example
 * await signalRemovedPasskey("portal.example", "KEbWNCc7NgaYnUyrNeFGX9_3Y-8");
 */
export const signalRemovedPasskey = (
  rpId: string,
  credentialId: string,
  target = browserTarget(),
): Promise<boolean> => signal(target, "signalUnknownCredential", { rpId, credentialId });

/** The person's passkeys that still count (`signalAllAcceptedCredentials`). */
export const signalAcceptedPasskeys = (
  s: PasskeySignals,
  target = browserTarget(),
): Promise<boolean> =>
  signal(target, "signalAllAcceptedCredentials", {
    rpId: s.rpId,
    userId: s.userId,
    allAcceptedCredentialIds: [...s.credentialIds],
  });

/** The person's current address and name (`signalCurrentUserDetails`). */
export const signalPasskeyUser = (s: PasskeySignals, target = browserTarget()): Promise<boolean> =>
  signal(target, "signalCurrentUserDetails", {
    rpId: s.rpId,
    userId: s.userId,
    name: s.name,
    displayName: s.displayName,
  });
