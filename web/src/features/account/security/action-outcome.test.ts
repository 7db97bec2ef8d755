import type { MfaCredentials } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { actionOutcome } from "./action-outcome.js";

const app: MfaCredentials = [{ type: "AUTHENTICATOR_APP", credentialId: "c-app" }];
const mail: MfaCredentials = [{ type: "EMAIL", credentialId: "c-mail" }];

describe("outcome of a second-factor action on return (spec: 'the page shows their result')", () => {
  it.each([
    [
      "Keycloak's kc_action_status wins when present",
      "kc_action_status=cancelled&mfa_action=CONFIGURE_TOTP",
      app,
      "cancelled",
    ],
    ["kc_action_status=success", "kc_action_status=success", [], "success"],
    ["kc_action_status=error", "kc_action_status=error", app, "error"],
    ["an unknown status is ignored", "kc_action_status=<b>", null, null],
    ["no action started: nothing to say", "", app, null],
    ["credentials not loaded yet", "mfa_action=CONFIGURE_TOTP", null, null],
    [
      "CONFIGURE_TOTP and an app credential now exists",
      "mfa_action=CONFIGURE_TOTP",
      app,
      "success",
    ],
    ["CONFIGURE_TOTP but no app credential", "mfa_action=CONFIGURE_TOTP", mail, "unchanged"],
    [
      "CONFIGURE_EMAIL_OTP and an e-mail credential now exists",
      "mfa_action=CONFIGURE_EMAIL_OTP",
      mail,
      "success",
    ],
    ["CONFIGURE_EMAIL_OTP but none", "mfa_action=CONFIGURE_EMAIL_OTP", [], "unchanged"],
    [
      "delete_credential:{id} and the credential is gone",
      "mfa_action=delete_credential%3Ac-app",
      mail,
      "success",
    ],
    [
      "delete_credential:{id} but it is still there",
      "mfa_action=delete_credential%3Ac-app",
      app,
      "unchanged",
    ],
    ["an unknown started action", "mfa_action=UPDATE_PASSWORD", app, null],
  ] as const)("%s", (_rule, query, credentials, expected) => {
    expect(actionOutcome(new URLSearchParams(query), credentials)).toBe(expected);
  });
});
