import type { MfaCredentials } from "@portal/contracts";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
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

const renderSecurity = (credentials: MfaCredentials, route = "/sicherheit") => {
  const identity = new FakeIdentity(memberClaims);
  return renderApp(<SecurityPage />, {
    route,
    identity,
    api: { getMe: () => answer(storedPerson), getCredentials: () => answer(credentials) },
  });
};

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
        redirectUri: `${window.location.origin}/benutzerverwaltung/sicherheit?mfa_action=CONFIGURE_TOTP`,
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
    ["success", "wurden gespeichert"],
    ["cancelled", "abgebrochen"],
    ["error", "konnte nicht gespeichert werden"],
  ])("shows the result kc_action_status=%s on return", async (status, text) => {
    await renderSecurity([], `/sicherheit?kc_action_status=${status}`);
    expect(await findQa(`security-status-${status}`)).toHaveTextContent(text);
  });

  it.each([
    ["mfa_action=CONFIGURE_TOTP", [{ type: "AUTHENTICATOR_APP", credentialId: "a" }], "success"],
    ["mfa_action=CONFIGURE_TOTP", [], "unchanged"],
    ["mfa_action=delete_credential%3Aa", [], "success"],
  ] as const)(
    "without kc_action_status (taken by keycloak-js) reads the result of %s from the credentials",
    async (query, credentials, outcome) => {
      await renderSecurity([...credentials], `/sicherheit?${query}`);
      expect(await findQa(`security-status-${outcome}`)).toBeInTheDocument();
    },
  );

  it("ignores an unknown kc_action_status", async () => {
    await renderSecurity([], "/sicherheit?kc_action_status=<b>x</b>");
    await findQa("security-options");
    expect(queryQa("security-status-<b>x</b>")).toBeNull();
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
