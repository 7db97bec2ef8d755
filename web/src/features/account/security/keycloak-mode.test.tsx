import type { MfaCredentials, Passkey } from "@portal/contracts";
import { waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../../test-support/axe.js";
import { answer, FakeIdentity, fail, failure, testConfig } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import SecurityPage from "../security-page.js";
import { findQa, memberClaims, qa, queryQa, storedPerson } from "../test/account-fixtures.js";

// Issue 47: with Keycloak signing people in, the page showed "off" after Keycloak's
// CONFIGURE_TOTP and offered e-mail codes Keycloak does not have. There it shows what
// Keycloak holds (the server reads its credentials) and offers only what Keycloak does.

const keycloakConfig = { identity: { ...testConfig.identity, provider: "keycloak" as const } };

/** Keycloak's passkey as the server lists it: Keycloak's label, no last use. */
const laptop: Passkey = {
  id: "kc-webauthn-1",
  name: "Laptop",
  passwordless: true,
  createdAt: "2026-11-29T08:00:00.000Z",
  lastUsedAt: null,
};

const noCodes = { remaining: 0, total: 0, createdAt: null };

const renderKeycloak = (
  credentials: MfaCredentials,
  passkeys: ReadonlyArray<Passkey> = [],
  codes: { remaining: number; total: number; createdAt: string | null } = noCodes,
) => {
  const identity = new FakeIdentity(memberClaims);
  return renderApp(<SecurityPage />, {
    identity,
    config: keycloakConfig,
    api: {
      getMe: () => answer(storedPerson),
      getCredentials: () => answer(credentials),
      getPasskeys: () => answer(passkeys),
      getRecoveryCodes: () => answer(codes),
    },
  });
};

const called = (api: { calls: ReadonlyArray<{ method: string }> }, method: string) =>
  api.calls.some((c) => c.method === method);

describe("security page in Keycloak mode", () => {
  it("shows Keycloak's authenticator app as Active, removed through delete_credential, and offers no e-mail codes", async () => {
    const user = userEvent.setup();
    const { identity, container, api } = await renderKeycloak([
      { type: "AUTHENTICATOR_APP", credentialId: "kc-otp-1" },
    ]);
    expect(await findQa("security-app-active")).toHaveTextContent("Aktiv");
    expect(qa("security-2fa-state")).toHaveAttribute("data-state", "on");
    expect(queryQa("security-offer-email")).toBeNull();
    await expectNoAxeViolations(container);
    await user.click(qa("security-deactivate-app"));
    expect(identity.logins[0]?.action).toBe("delete_credential:kc-otp-1");
    // Keycloak has no suspended state and no remembered browsers: neither is asked for.
    expect(called(api, "getSuspendedFactors")).toBe(false);
    expect(called(api, "getRememberedDevices")).toBe(false);
    expect(queryQa("suspended-factors")).toBeNull();
    expect(queryQa("remembered-devices")).toBeNull();
  });

  it("lists every app Keycloak holds, each with its own removal", async () => {
    await renderKeycloak([
      { type: "AUTHENTICATOR_APP", credentialId: "kc-otp-1" },
      { type: "AUTHENTICATOR_APP", credentialId: "kc-otp-2" },
    ]);
    await findQa("security-options");
    expect(document.querySelectorAll('[data-qa="security-deactivate-app"]')).toHaveLength(2);
  });

  it("with no factor offers the authenticator app alone (Keycloak ships no e-mail codes)", async () => {
    const user = userEvent.setup();
    const { identity } = await renderKeycloak([]);
    expect(await findQa("security-offer-app")).toBeInTheDocument();
    expect(queryQa("security-offer-email")).toBeNull();
    expect(queryQa("security-activate-email")).toBeNull();
    await user.click(qa("security-activate-app"));
    expect(identity.logins[0]?.action).toBe("CONFIGURE_TOTP");
  });

  it("lists Keycloak's passkeys with its label and created date, removes through delete_credential, adds through webauthn-register-passwordless", async () => {
    const user = userEvent.setup();
    const { identity, container, api } = await renderKeycloak([], [laptop]);
    expect(await findQa("passkey-name")).toHaveTextContent("Laptop");
    expect(qa("passkey-dates")).toHaveTextContent("Erstellt am");
    // Keycloak keeps no last use and names passkeys itself.
    expect(qa("passkey-dates")).not.toHaveTextContent("Noch nicht verwendet");
    expect(queryQa("passkey-rename")).toBeNull();
    expect(qa("security-passkeys")).toHaveTextContent("ohne Passwort");
    await expectNoAxeViolations(container);
    // The realm's browser flow ("portal browser") asks for the passkey after the password
    // and takes a recovery code instead: two-factor is on and the codes are offered.
    expect(qa("security-2fa-state")).toHaveAttribute("data-state", "on");
    expect(called(api, "getRecoveryCodes")).toBe(true);
    expect(await findQa("security-recovery-codes")).toBeInTheDocument();
    await user.click(qa("passkey-remove"));
    expect(identity.logins[0]?.action).toBe("delete_credential:kc-webauthn-1");
  });

  it("makes recovery codes through CONFIGURE_RECOVERY_AUTHN_CODES and shows Keycloak's count", async () => {
    const user = userEvent.setup();
    const app = [{ type: "AUTHENTICATOR_APP" as const, credentialId: "kc-otp-1" }];
    const { identity, container } = await renderKeycloak(app);
    expect(await findQa("security-recovery-codes-none")).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.click(qa("security-recovery-codes-create"));
    expect(identity.logins[0]?.action).toBe("CONFIGURE_RECOVERY_AUTHN_CODES");
  });

  it("shows the codes Keycloak's credential has left", async () => {
    const app = [{ type: "AUTHENTICATOR_APP" as const, credentialId: "kc-otp-1" }];
    await renderKeycloak(app, [], {
      remaining: 11,
      total: 12,
      createdAt: "2026-11-29T08:00:00.000Z",
    });
    expect(await findQa("security-recovery-codes-remaining")).toHaveTextContent(
      "Noch 11 von 12 Codes übrig",
    );
  });

  it("adds a passkey through webauthn-register-passwordless", async () => {
    const user = userEvent.setup();
    const { identity } = await renderKeycloak([], [laptop]);
    await user.click(await findQa("passkey-add"));
    expect(identity.logins[0]?.action).toBe("webauthn-register-passwordless");
  });

  it("opens the dialog get-2fa-status-error when Keycloak cannot be reached, and says no off", async () => {
    await renderApp(<SecurityPage />, {
      claims: memberClaims,
      config: keycloakConfig,
      api: {
        getMe: () => answer(storedPerson),
        getCredentials: () => fail(failure(503, [{ errorCode: "BACKEND_ERROR" }])),
        getPasskeys: () => fail(failure(503, [{ errorCode: "BACKEND_ERROR" }])),
      },
    });
    expect(await findQa("get-2fa-status-error")).toBeInTheDocument();
    await waitFor(() => expect(qa("security-load-failed")).toBeInTheDocument());
    expect(queryQa("security-2fa-state")).toBeNull();
  });
});
