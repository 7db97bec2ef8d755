import { describe, expect, it } from "vitest";
import type { ActionUpdate } from "../../../app/browser-identity.js";
import { actionOutcome, factorJustSetUp } from "./action-outcome.js";

describe("outcome of a second-factor action on return (spec: 'the page shows their result')", () => {
  it.each<[string, ActionUpdate | null, string | null]>([
    ["nothing reported", null, null],
    ["set-up of the app succeeded", { status: "success", action: "CONFIGURE_TOTP" }, "success"],
    [
      "set-up of e-mail codes cancelled",
      { status: "cancelled", action: "CONFIGURE_EMAIL_OTP" },
      "cancelled",
    ],
    [
      "a passkey registered",
      { status: "success", action: "webauthn-register-passwordless" },
      "success",
    ],
    [
      "a passkey as second factor cancelled",
      { status: "cancelled", action: "webauthn-register" },
      "cancelled",
    ],
    ["deletion failed", { status: "error", action: "delete_credential:c-app" }, "error"],
    // Keycloak 26.7.3 answers delete_credential:{id} with kc_action=delete_credential.
    ["Keycloak's deletion done", { status: "success", action: "delete_credential" }, "success"],
    ["a provider that does not name the action", { status: "success", action: null }, "success"],
    ["an action this page never starts", { status: "success", action: "UPDATE_PASSWORD" }, null],
    [
      "a look-alike of the delete action",
      { status: "success", action: "delete_credentials" },
      null,
    ],
  ])("%s", (_name, update, outcome) => {
    expect(actionOutcome(update)).toBe(outcome);
  });
});

// Issue 29: recovery codes are asked for after the first factor of any kind.
describe("the moment to offer recovery codes", () => {
  it.each<[string, ActionUpdate | null, boolean]>([
    ["the app set up", { status: "success", action: "CONFIGURE_TOTP" }, true],
    ["e-mail codes set up", { status: "success", action: "CONFIGURE_EMAIL_OTP" }, true],
    ["a passkey added", { status: "success", action: "webauthn-register-passwordless" }, true],
    ["a passkey added (older name)", { status: "success", action: "webauthn-register" }, true],
    ["a passkey's set-up cancelled", { status: "cancelled", action: "webauthn-register" }, false],
    ["a factor removed", { status: "success", action: "delete_credential:c-app" }, false],
    ["codes made", { status: "success", action: "CONFIGURE_RECOVERY_AUTHN_CODES" }, false],
    ["nothing reported", null, false],
  ])("%s", (_name, update, offer) => {
    expect(factorJustSetUp(update)).toBe(offer);
  });
});
