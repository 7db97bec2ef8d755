import { describe, expect, it } from "vitest";
import type { ActionUpdate } from "../../../app/browser-identity.js";
import { actionOutcome } from "./action-outcome.js";

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
