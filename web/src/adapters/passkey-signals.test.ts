import { describe, expect, it, vi } from "vitest";
import {
  passkeySignalsSupported,
  type SignalTarget,
  signalAcceptedPasskeys,
  signalPasskeyUser,
  signalRemovedPasskey,
} from "./passkey-signals.js";

// Issue 49: the WebAuthn Signal API, feature-detected and silent.

const SIGNALS = {
  rpId: "portal.example",
  userId: "C2wtnloPTB6dKz9KW2x9jg",
  name: "erika@example.de",
  displayName: "Erika Muster",
  credentialIds: ["a", "b"],
};

const spies = () => ({
  signalUnknownCredential: vi.fn(async () => undefined),
  signalAllAcceptedCredentials: vi.fn(async () => undefined),
  signalCurrentUserDetails: vi.fn(async () => undefined),
});

describe("passkey signals", () => {
  it("passes the server's values to each call as the API names them", async () => {
    const target = spies();
    expect(passkeySignalsSupported(target)).toBe(true);
    expect(await signalRemovedPasskey("portal.example", "gone", target)).toBe(true);
    expect(await signalAcceptedPasskeys(SIGNALS, target)).toBe(true);
    expect(await signalPasskeyUser(SIGNALS, target)).toBe(true);
    expect(target.signalUnknownCredential).toHaveBeenCalledWith({
      rpId: "portal.example",
      credentialId: "gone",
    });
    expect(target.signalAllAcceptedCredentials).toHaveBeenCalledWith({
      rpId: "portal.example",
      userId: SIGNALS.userId,
      allAcceptedCredentialIds: ["a", "b"],
    });
    expect(target.signalCurrentUserDetails).toHaveBeenCalledWith({
      rpId: "portal.example",
      userId: SIGNALS.userId,
      name: "erika@example.de",
      displayName: "Erika Muster",
    });
  });

  it("does nothing where the browser lacks the calls (none, or no PublicKeyCredential)", async () => {
    for (const target of [{} as SignalTarget, undefined]) {
      expect(passkeySignalsSupported(target)).toBe(false);
      expect(await signalRemovedPasskey("portal.example", "gone", target)).toBe(false);
      expect(await signalAcceptedPasskeys(SIGNALS, target)).toBe(false);
      expect(await signalPasskeyUser(SIGNALS, target)).toBe(false);
    }
  });

  it("swallows a refusal (a SecurityError for another rpId, a TypeError)", async () => {
    const refuse = vi.fn(async () => {
      throw new DOMException("no", "SecurityError");
    });
    const target: SignalTarget = {
      signalUnknownCredential: refuse,
      signalAllAcceptedCredentials: refuse,
      signalCurrentUserDetails: refuse,
    };
    await expect(signalRemovedPasskey("x", "y", target)).resolves.toBe(false);
    await expect(signalAcceptedPasskeys(SIGNALS, target)).resolves.toBe(false);
    await expect(signalPasskeyUser(SIGNALS, target)).resolves.toBe(false);
  });
});
