import type { LoginClaims } from "@portal/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer, FakeIdentity } from "../test-support/fakes.js";
import { renderApp } from "../test-support/render.js";
import { Protected } from "./protected.js";

// Issue 49: once per sign-in the app tells the browser's passkey provider which passkeys
// count and who the person is (WebAuthn Signal API), and nothing where it lacks the API.

const SIGNALS = {
  rpId: "portal.example",
  userId: "C2wtnloPTB6dKz9KW2x9jg",
  name: "erika@example.de",
  displayName: "Erika Muster",
  credentialIds: ["a"],
};

const claims = (authTime: number): LoginClaims => ({
  sub: "p-1",
  cr_id: "p-1",
  cr_userrole: [],
  auth_time: authTime,
});

const spies = {
  signalUnknownCredential: vi.fn(async () => undefined),
  signalAllAcceptedCredentials: vi.fn(async () => undefined),
  signalCurrentUserDetails: vi.fn(async () => undefined),
};

const render = (authTime: number) => {
  const getPasskeySignals = vi.fn(() => answer({ signals: SIGNALS }));
  return renderApp(<Protected>page</Protected>, {
    identity: new FakeIdentity(claims(authTime)),
    api: { getMe: () => answer({} as never), getPasskeySignals },
  }).then((r) => ({ ...r, getPasskeySignals }));
};

describe("the signals after a sign-in", () => {
  beforeEach(() => {
    for (const spy of Object.values(spies)) spy.mockClear();
    sessionStorage.clear();
  });
  afterEach(() => {
    Reflect.deleteProperty(window, "PublicKeyCredential");
  });

  it("sends the accepted passkeys and the user's details once per sign-in", async () => {
    Object.defineProperty(window, "PublicKeyCredential", { value: spies, configurable: true });
    const first = await render(1000);
    await vi.waitFor(() => expect(spies.signalCurrentUserDetails).toHaveBeenCalledTimes(1));
    expect(spies.signalAllAcceptedCredentials).toHaveBeenCalledWith({
      rpId: "portal.example",
      userId: SIGNALS.userId,
      allAcceptedCredentialIds: ["a"],
    });
    expect(spies.signalCurrentUserDetails).toHaveBeenCalledWith({
      rpId: "portal.example",
      userId: SIGNALS.userId,
      name: "erika@example.de",
      displayName: "Erika Muster",
    });
    first.unmount();
    // The same sign-in on the next page load: nothing again.
    const again = await render(1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(again.getPasskeySignals).not.toHaveBeenCalled();
    again.unmount();
    // A new sign-in: again.
    await render(2000);
    await vi.waitFor(() => expect(spies.signalAllAcceptedCredentials).toHaveBeenCalledTimes(2));
  });

  it("asks the server nothing where the browser has no Signal API", async () => {
    const { getPasskeySignals } = await render(1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getPasskeySignals).not.toHaveBeenCalled();
  });
});
