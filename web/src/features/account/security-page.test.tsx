import type { MfaCredentials } from "@portal/contracts";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ActionUpdate } from "../../app/browser-identity.js";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, FakeIdentity, fail, failure } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import SecurityPage from "./security-page.js";
import {
  findQa,
  memberClaims,
  pending,
  qa,
  queryQa,
  storedPerson,
} from "./test/account-fixtures.js";

const renderSecurity = (
  credentials: MfaCredentials,
  reported: ActionUpdate | null = null,
  entries: ReadonlyArray<{ pathname: string }> = [{ pathname: "/sicherheit" }],
) => {
  const identity = new FakeIdentity(memberClaims, reported);
  return renderApp(<SecurityPage />, {
    entries,
    identity,
    api: { getMe: () => answer(storedPerson), getCredentials: () => answer(credentials) },
  });
};

/** The outcome notice, whichever it is. */
const statusNotice = () => document.querySelector('[data-qa^="security-status-"]');

describe("security (/sicherheit)", () => {
  it("shows a loading state while the second-factor state loads", async () => {
    await renderApp(<SecurityPage />, {
      claims: memberClaims,
      api: { getMe: () => answer(storedPerson), getCredentials: () => pending() },
    });
    expect(qa("security-loading")).toBeInTheDocument();
  });

  it("with no second factor offers the authenticator app (recommended) and e-mail codes (less secure)", async () => {
    const user = userEvent.setup();
    const { container, identity } = await renderSecurity([]);
    expect(await findQa("security-offer-app")).toHaveTextContent("Empfohlen");
    expect(qa("security-offer-email")).toHaveTextContent("Weniger sicher");
    await expectNoAxeViolations(container);
    await user.click(qa("security-activate-app"));
    expect(identity.logins).toEqual([
      {
        action: "CONFIGURE_TOTP",
        redirectUri: `${window.location.origin}/benutzerverwaltung/sicherheit`,
      },
    ]);
    expect(qa("security-activate-email")).toBeDisabled();
  });

  it("starts the e-mail code set-up as CONFIGURE_EMAIL_OTP", async () => {
    const user = userEvent.setup();
    const { identity } = await renderSecurity([]);
    await user.click(await findQa("security-activate-email"));
    expect(identity.logins[0]?.action).toBe("CONFIGURE_EMAIL_OTP");
  });

  it("with the app active shows Active and a deactivate action for that credential", async () => {
    const user = userEvent.setup();
    const { identity, container } = await renderSecurity([
      { type: "AUTHENTICATOR_APP", credentialId: "cred-app" },
    ]);
    expect(await findQa("security-app-active")).toHaveTextContent("Aktiv");
    expect(queryQa("security-offer-email")).toBeNull();
    expect(queryQa("security-upgrade-app")).toBeNull();
    await expectNoAxeViolations(container);
    await user.click(qa("security-deactivate-app"));
    expect(identity.logins[0]?.action).toBe("delete_credential:cred-app");
  });

  it("with e-mail codes active also offers the upgrade to the app", async () => {
    const user = userEvent.setup();
    const { identity } = await renderSecurity([{ type: "EMAIL", credentialId: "cred-mail" }]);
    expect(await findQa("security-email-active")).toHaveTextContent("Aktiv");
    await user.click(qa("security-upgrade-app"));
    expect(identity.logins[0]?.action).toBe("CONFIGURE_TOTP");
  });

  it.each([
    ["success", "CONFIGURE_TOTP", "wurden gespeichert"],
    ["cancelled", "CONFIGURE_EMAIL_OTP", "abgebrochen"],
    ["error", "delete_credential:cred-app", "konnte nicht gespeichert werden"],
  ] as const)("shows keycloak-js's report %s of %s on return", async (status, action, text) => {
    const { container } = await renderSecurity([], { status, action });
    expect(await findQa(`security-status-${status}`)).toHaveTextContent(text);
    await expectNoAxeViolations(container);
  });

  it("says nothing when the provider reported no action", async () => {
    await renderSecurity([]);
    await findQa("security-options");
    expect(statusNotice()).toBeNull();
  });

  it("says nothing about an action it never starts", async () => {
    await renderSecurity([], { status: "success", action: "UPDATE_PASSWORD" });
    await findQa("security-options");
    expect(statusNotice()).toBeNull();
  });

  it("shows the report only on the page the provider came back to, not on a later visit", async () => {
    await renderSecurity([], { status: "success", action: "CONFIGURE_TOTP" }, [
      { pathname: "/sicherheit" },
      { pathname: "/konto" },
      { pathname: "/sicherheit" },
    ]);
    await findQa("security-options");
    expect(statusNotice()).toBeNull();
  });

  it("opens the dialog get-2fa-status-error when the state cannot be loaded", async () => {
    await renderApp(<SecurityPage />, {
      claims: memberClaims,
      api: {
        getMe: () => answer(storedPerson),
        getCredentials: () => fail(failure(500, [{ errorCode: "BACKEND_ERROR" }], "c-2fa")),
      },
    });
    const dialog = await findQa("get-2fa-status-error");
    expect(dialog).toHaveTextContent("c-2fa");
    expect(qa("security-load-failed")).toBeInTheDocument();
    expect(queryQa("security-options")).toBeNull();
  });
});

describe("security (/sicherheit): recovery codes", () => {
  const withCodes = (
    status: { remaining: number; total: number; createdAt: string | null },
    reported: ActionUpdate | null = null,
  ) =>
    renderApp(<SecurityPage />, {
      entries: [{ pathname: "/sicherheit" }],
      identity: new FakeIdentity(memberClaims, reported),
      api: {
        getMe: () => answer(storedPerson),
        getCredentials: () => answer([{ type: "AUTHENTICATOR_APP", credentialId: "cred-app" }]),
        getRecoveryCodes: () => answer(status),
      },
    });

  it("offers the codes right after a second factor was set up, as CONFIGURE_RECOVERY_AUTHN_CODES", async () => {
    const user = userEvent.setup();
    const { identity, container } = await withCodes(
      { remaining: 0, total: 0, createdAt: null },
      { status: "success", action: "CONFIGURE_TOTP" },
    );
    expect(await findQa("security-recovery-codes-offer")).toBeInTheDocument();
    expect(qa("security-recovery-codes-none")).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.click(qa("security-recovery-codes-create"));
    expect(identity.logins[0]?.action).toBe("CONFIGURE_RECOVERY_AUTHN_CODES");
  });

  it("shows how many codes are left and warns when three or fewer are", async () => {
    const { container } = await withCodes({
      remaining: 3,
      total: 12,
      createdAt: "2026-11-24T20:00:00.000Z",
    });
    expect(await findQa("security-recovery-codes-remaining")).toHaveTextContent(
      "Noch 3 von 12 Codes übrig",
    );
    expect(qa("security-recovery-codes-low")).toBeInTheDocument();
    expect(qa("security-recovery-codes-regenerate")).toBeInTheDocument();
    expect(queryQa("security-recovery-codes-offer")).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("offers them when the only second factor is a passkey", async () => {
    await renderApp(<SecurityPage />, {
      entries: [{ pathname: "/sicherheit" }],
      identity: new FakeIdentity(memberClaims, null),
      api: {
        getMe: () => answer(storedPerson),
        getCredentials: () => answer([]),
        getPasskeys: () =>
          answer([
            {
              id: "pk-1",
              name: "Laptop",
              passwordless: false,
              createdAt: "2026-11-24T20:00:00.000Z",
              lastUsedAt: null,
            },
          ]),
        getRecoveryCodes: () => answer({ remaining: 0, total: 0, createdAt: null }),
      },
    });
    expect(await findQa("security-recovery-codes-none")).toBeInTheDocument();
  });

  it("has no recovery codes without a second factor", async () => {
    await renderSecurity([]);
    await findQa("security-offer-app");
    expect(queryQa("security-recovery-codes")).toBeNull();
  });
});

// Issue 29: a passkey is a second factor (it is asked for after the password); the status
// must say so, and a passkey's set-up must lead to recovery codes as the app's does.
describe("security (/sicherheit): one honest status", () => {
  const passkey = (id: string, passwordless = true) => ({
    id,
    name: id,
    passwordless,
    createdAt: "2026-11-24T20:00:00.000Z",
    lastUsedAt: null,
  });
  const render = (
    credentials: MfaCredentials,
    passkeys: ReadonlyArray<ReturnType<typeof passkey>>,
    language = "de",
    reported: ActionUpdate | null = null,
  ) =>
    renderApp(<SecurityPage />, {
      entries: [{ pathname: "/sicherheit" }],
      identity: new FakeIdentity(memberClaims, reported),
      language,
      api: {
        getMe: () => answer(storedPerson),
        getCredentials: () => answer(credentials),
        getPasskeys: () => answer(passkeys),
        getRecoveryCodes: () => answer({ remaining: 0, total: 0, createdAt: null }),
      },
    });

  it.each([
    ["de", "Ein: Passkey", "Zusätzlich die Authenticator-App einrichten"],
    ["en", "On: passkey", "Also set up the authenticator app"],
    ["fr", "Activée : clé d'accès", "Configurer aussi l'application d'authentification"],
  ])(
    "with only a passkey says on (%s) and offers the app as an addition",
    async (language, on, also) => {
      const user = userEvent.setup();
      const { container, identity } = await render([], [passkey("pk-1")], language);
      const state = await findQa("security-2fa-state");
      expect(state).toHaveTextContent(on);
      expect(state).toHaveAttribute("data-state", "on");
      expect(qa("security-also-intro")).toBeInTheDocument();
      expect(qa("security-activate-app")).toHaveTextContent(also);
      await expectNoAxeViolations(container);
      await user.click(qa("security-activate-app"));
      expect(identity.logins[0]?.action).toBe("CONFIGURE_TOTP");
    },
  );

  it.each([
    ["de", "Ein: Authenticator-App und 2 Passkeys"],
    ["en", "On: authenticator app and 2 passkeys"],
    ["fr", "Activée : application d'authentification et 2 clés d'accès"],
  ])("names every active factor (%s)", async (language, text) => {
    await render(
      [{ type: "AUTHENTICATOR_APP", credentialId: "cred-app" }],
      [passkey("pk-1"), passkey("pk-2", false)],
      language,
    );
    expect(await findQa("security-2fa-state")).toHaveTextContent(text);
  });

  it.each([
    ["de", "Aus"],
    ["en", "Off"],
    ["fr", "Désactivée"],
  ])("says off (%s) only without any factor, and then offers set-up", async (language, text) => {
    await render([], [], language);
    const state = await findQa("security-2fa-state");
    expect(state).toHaveTextContent(text);
    expect(state).toHaveAttribute("data-state", "off");
    expect(queryQa("security-also-intro")).toBeNull();
    expect(qa("security-activate-app")).toHaveTextContent(
      { de: "einrichten", en: "Set up", fr: "Configurer" }[language] ?? "",
    );
  });

  it.each(["webauthn-register-passwordless", "webauthn-register"])(
    "offers recovery codes right after a passkey was added (%s)",
    async (action) => {
      await render([], [passkey("pk-1")], "de", { status: "success", action });
      expect(await findQa("security-recovery-codes-offer")).toBeInTheDocument();
      expect(qa("security-recovery-codes-create")).toHaveClass("btn--primary");
      // A banner that speaks of the setting, not of "two-factor authentication".
      expect(qa("security-status-success")).toHaveTextContent(
        "Ihre Sicherheitseinstellungen wurden gespeichert.",
      );
    },
  );
});
