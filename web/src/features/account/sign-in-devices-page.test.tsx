import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, FakeIdentity } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import SignInDevicesPage from "./sign-in-devices-page.js";
import { findQa, qa, queryQa, storedPerson, userClaims } from "./test/account-fixtures.js";

const NOW = Math.floor(Date.UTC(2026, 10, 24, 20) / 1000);

/** Keycloak's account REST (devices): this browser only. */
const stubDevices = () =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      Response.json([
        {
          id: "d1",
          os: "Linux",
          osVersion: "Unknown",
          device: "Desktop",
          mobile: false,
          sessions: [
            {
              id: "s-own",
              ipAddress: "192.168.1.x",
              started: NOW - 600,
              lastAccess: NOW,
              browser: "Firefox",
              current: true,
            },
          ],
        },
      ]),
    ),
  );

afterEach(() => vi.unstubAllGlobals());

const render = (
  credentials: ReadonlyArray<{ type: "AUTHENTICATOR_APP"; credentialId: string }>,
) => {
  stubDevices();
  return renderApp(<SignInDevicesPage />, {
    entries: [{ pathname: "/sicherheit/anmeldung" }],
    identity: new FakeIdentity(userClaims, null),
    api: {
      getMe: () => answer(storedPerson),
      getCredentials: () => answer(credentials),
      getPasskeys: () => answer([]),
      getSuspendedFactors: () => answer([]),
      getRecoveryCodes: () => answer({ remaining: 12, total: 12, createdAt: null }),
      getActivity: () =>
        answer({
          events: [{ id: "e1", kind: "sign-in", at: "2026-11-24T19:50:00.000Z" }],
        }),
    },
  });
};

describe("sign-in & devices (/sicherheit/anmeldung), for every signed-in person", () => {
  it("holds the two-factor state, passkeys, signed-in devices and recent activity", async () => {
    const { container } = await render([]);
    expect(await findQa("sign-in-devices-page")).toBeInTheDocument();
    expect(document.querySelector("h1")).toHaveTextContent("Anmeldung & Geräte");
    expect(await findQa("passkeys-none")).toBeInTheDocument();
    expect(await findQa("device-current")).toHaveTextContent("Firefox unter Linux");
    expect(await findQa("activity-list")).toBeInTheDocument();
    // Every person sees their second factor's state (issue 46: an intruder's app was
    // invisible to people outside the spec's Security menu); the menu rule stays.
    expect(await findQa("security-two-factor")).toBeInTheDocument();
    expect(qa("security-offer-app")).toBeInTheDocument();
    // Recovery codes back up a second factor: none here.
    expect(queryQa("security-recovery-codes")).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("shows an active app and the recovery codes once a second factor exists", async () => {
    await render([{ type: "AUTHENTICATOR_APP", credentialId: "cred-app" }]);
    expect(await findQa("security-recovery-codes")).toBeInTheDocument();
    expect(qa("security-two-factor")).toHaveTextContent("Aktiv");
    expect(queryQa("security-offer-app")).toBeNull();
  });

  it("a passkey set up here returns here from the provider", async () => {
    const user = userEvent.setup();
    const { identity } = await render([]);
    // One "Add a passkey" button since the passkeys became one kind (was passkey-add-passwordless).
    await user.click(await findQa("passkey-add"));
    expect(identity.logins).toEqual([
      {
        action: "webauthn-register-passwordless",
        redirectUri: `${window.location.origin}/benutzerverwaltung/sicherheit/anmeldung`,
      },
    ]);
    expect(qa("passkey-add")).toBeDisabled();
  });
});
