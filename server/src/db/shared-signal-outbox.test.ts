import { SECURITY_EVENT_KINDS } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { SSF_EVENT_TYPES, signalOfActivity } from "./shared-signal-outbox.js";

const change = (credential_type: string, change_type: string) => ({
  type: SSF_EVENT_TYPES.credentialChange,
  payload: { credential_type, change_type, initiating_entity: "user" },
});

describe("signalOfActivity: the event each activity kind reports", () => {
  it.each([
    ["password-changed", undefined, change("password", "update")],
    ["passkey-added", "passkey", change("fido2-platform", "create")],
    ["passkey-removed", "passkey", change("fido2-platform", "delete")],
    ["second-factor-added", "AUTHENTICATOR_APP", change("app", "create")],
    ["second-factor-removed", "AUTHENTICATOR_APP", change("app", "delete")],
    ["second-factor-added", "EMAIL", change("email-otp", "create")],
    ["factor-removed-when-secured", "AUTHENTICATOR_APP", change("app", "delete")],
    ["factor-removed-when-secured", "passkey", change("fido2-platform", "delete")],
    ["factor-removed-when-secured", "recovery-codes", change("recovery-code", "delete")],
    ["recovery-codes-regenerated", undefined, change("recovery-code", "update")],
    ["account-closed", undefined, { type: SSF_EVENT_TYPES.accountDisabled }],
    ["account-restored", undefined, { type: SSF_EVENT_TYPES.accountEnabled }],
  ])("%s (%s)", (kind, factor, signal) => {
    expect(signalOfActivity(kind, factor, undefined)).toEqual(signal);
  });

  it("an e-mail change and its revert: the old address as the subject, the current one as new-value", () => {
    for (const kind of ["email-changed", "email-change-reverted"]) {
      expect(signalOfActivity(kind, undefined, "old@example.org")).toEqual({
        type: SSF_EVENT_TYPES.identifierChanged,
        email: { subject: "old@example.org", newValueIsCurrent: true },
      });
    }
  });

  it("reports nothing for sign-ins, exports and the rest; a factor it does not know is no credential change", () => {
    const reported = new Set([
      "password-changed",
      "passkey-added",
      "passkey-removed",
      "second-factor-added",
      "second-factor-removed",
      "factor-removed-when-secured",
      "recovery-codes-regenerated",
      "account-closed",
      "account-restored",
      "email-changed",
      "email-change-reverted",
    ]);
    for (const kind of SECURITY_EVENT_KINDS.filter((k) => !reported.has(k))) {
      expect(signalOfActivity(kind, "passkey", "a@example.org"), kind).toBeUndefined();
    }
    expect(signalOfActivity("second-factor-added", "SMS", undefined)).toBeUndefined();
  });
});
