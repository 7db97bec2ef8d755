import { describe, expect, it } from "vitest";
import { actionFailureDialog } from "./action-failure-dialog.js";
import { failureWith } from "./testing/person-fixture.js";

const failure = failureWith([{ errorCode: "BACKEND_ERROR" }], { correlationId: "c-1" });

describe("actionFailureDialog: 'Failure dialogs for register, password forgotten, set new password, update personal data and change password read Unfortunately this did not work'", () => {
  it.each([
    ["register", "Dialog.Failed.Header"],
    ["passwordForgotten", "Dialog.Failed.Header"],
    ["passwordReset", "Dialog.Failed.Header"],
    ["patchPerson", "Dialog.Failed.Header"],
    ["setNewPassword", "Dialog.Failed.Header"],
    ["optin", "Dialog.Default.Header"],
    ["registerMembership", "Dialog.Default.Header"],
  ] as const)("%s: %s", (action, headlineKey) => {
    const content = actionFailureDialog(action, failure);
    expect(content).toEqual({
      headlineKey,
      messageKey: "HttpErrorMessages.BACKEND_ERROR",
      message: null,
      correlationId: "c-1",
      buttonKey: "Dialog.Default.Close",
    });
  });
});
