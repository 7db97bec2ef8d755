import type { Passkey, PasskeySignals } from "@portal/contracts";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer, FakeIdentity } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import SecurityPage from "../security-page.js";
import { findQa, memberClaims, storedPerson } from "../test/account-fixtures.js";

// Issue 49: after a passkey's removal at the provider, the security page tells the
// browser's passkey provider (signalUnknownCredential), once the server no longer lists it.

const PASSKEY: Passkey = {
  id: "0b6f5a0c-6f1e-4a43-9d7e-3c1d2b7a9e10",
  name: "1Password",
  passwordless: true,
  createdAt: "2026-05-01T10:00:00.000Z",
  lastUsedAt: null,
  credentialId: "KEbWNCc7NgaYnUyrNeFGX9",
  icon: "data:image/svg+xml;base64,PHN2Zy8+",
};

const signals = (credentialIds: string[]): PasskeySignals => ({
  rpId: "portal.example",
  userId: "C2wtnloPTB6dKz9KW2x9jg",
  name: "erika@example.de",
  displayName: "Erika Muster",
  credentialIds,
});

const spies = {
  signalUnknownCredential: vi.fn(async () => undefined),
  signalAllAcceptedCredentials: vi.fn(async () => undefined),
  signalCurrentUserDetails: vi.fn(async () => undefined),
};

const render = (passkeys: Passkey[], left: string[], identity: FakeIdentity) =>
  renderApp(<SecurityPage />, {
    entries: [{ pathname: "/sicherheit" }],
    identity,
    api: {
      getMe: () => answer(storedPerson),
      getCredentials: () => answer([]),
      getPasskeys: () => answer(passkeys),
      getPasskeySignals: () => answer({ signals: signals(left) }),
    },
  });

describe("the removal's signal", () => {
  beforeEach(() => {
    Object.defineProperty(window, "PublicKeyCredential", { value: spies, configurable: true });
    for (const spy of Object.values(spies)) spy.mockClear();
    sessionStorage.clear();
  });
  afterEach(() => {
    Reflect.deleteProperty(window, "PublicKeyCredential");
  });

  it("shows the provider's icon, and keeps the credential id over the round trip", async () => {
    const user = userEvent.setup();
    const { identity } = await render(
      [PASSKEY],
      [PASSKEY.credentialId ?? ""],
      new FakeIdentity(memberClaims),
    );
    const icon = await findQa("passkey-icon");
    expect(icon).toHaveAttribute("alt", "");
    expect(icon).toHaveAttribute("src", PASSKEY.icon);
    await user.click(await findQa("passkey-remove"));
    expect(identity.logins[0]?.action).toBe(`delete_credential:${PASSKEY.id}`);
    expect(sessionStorage.getItem("portal.passkey-signals.removal")).toBe(PASSKEY.credentialId);
  });

  it("signals the removed passkey once the server's list no longer has it", async () => {
    sessionStorage.setItem("portal.passkey-signals.removal", "KEbWNCc7NgaYnUyrNeFGX9");
    const done = new FakeIdentity(memberClaims, {
      status: "success",
      action: `delete_credential:${PASSKEY.id}`,
    });
    await render([], ["other"], done);
    await vi.waitFor(() =>
      expect(spies.signalUnknownCredential).toHaveBeenCalledWith({
        rpId: "portal.example",
        credentialId: "KEbWNCc7NgaYnUyrNeFGX9",
      }),
    );
    expect(spies.signalAllAcceptedCredentials).toHaveBeenCalledWith({
      rpId: "portal.example",
      userId: "C2wtnloPTB6dKz9KW2x9jg",
      allAcceptedCredentialIds: ["other"],
    });
    expect(sessionStorage.getItem("portal.passkey-signals.removal")).toBeNull();
  });

  it("signals nothing after a cancelled removal, or while the server still lists it", async () => {
    for (const [status, left] of [
      ["cancelled", []],
      ["success", ["KEbWNCc7NgaYnUyrNeFGX9"]],
    ] as const) {
      sessionStorage.setItem("portal.passkey-signals.removal", "KEbWNCc7NgaYnUyrNeFGX9");
      const back = new FakeIdentity(memberClaims, {
        status,
        action: `delete_credential:${PASSKEY.id}`,
      });
      const { unmount } = await render([PASSKEY], [...left], back);
      await findQa("passkey-list");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(spies.signalUnknownCredential).not.toHaveBeenCalled();
      expect(sessionStorage.getItem("portal.passkey-signals.removal")).toBeNull();
      unmount();
    }
  });
});
