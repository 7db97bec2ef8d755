import { describe, expect, it } from "vitest";
import {
  ACTION_NAMES,
  type ActionEvent,
  actionReducer,
  IDLE_ACTION_STATE,
  isFakeSuccess,
} from "./action-state.js";
import { failureWith } from "./testing/person-fixture.js";

const failure = failureWith([{ errorCode: "BACKEND_ERROR" }], { correlationId: "c-1" });

describe("ACTION_NAMES: every action of spec section 3", () => {
  it("lists them", () => {
    expect(ACTION_NAMES).toEqual([
      "optin",
      "resendOptin",
      "patchPerson",
      "patchPersonCompany",
      "setNewEmail",
      "resendSetNewEmail",
      "confirmUpdatedEmail",
      "cancelSetNewEmail",
      "revertUpdatedEmail",
      "secureAccount",
      "requestAccountDeletion",
      "requestAccountDeletionResendEmail",
      "confirmAccountDeletion",
      "setNewPassword",
      "passwordForgotten",
      "passwordReset",
      "registerMembership",
      "register",
    ]);
  });
});

describe("actionReducer: 'idle, submitting, submitted with success or error'", () => {
  it.each<{ name: string; events: ActionEvent[]; state: Partial<typeof IDLE_ACTION_STATE> }>([
    { name: "idle", events: [], state: {} },
    { name: "submitting", events: [{ type: "start" }], state: { submitting: true } },
    {
      name: "submitted with success",
      events: [{ type: "start" }, { type: "succeed" }],
      state: { submitted: true, success: true },
    },
    {
      name: "submitted with error, 'the correlation id is kept'",
      events: [{ type: "start" }, { type: "fail", error: failure }],
      state: { submitted: true, error: failure, correlationId: "c-1" },
    },
    {
      name: "a new start clears the old error",
      events: [{ type: "fail", error: failure }, { type: "start" }],
      state: { submitting: true },
    },
    {
      name: "'bot flag set, no success reported'",
      events: [{ type: "bot" }],
      state: { submitted: true, bot: true },
    },
    {
      name: "reset",
      events: [{ type: "start" }, { type: "succeed" }, { type: "reset" }],
      state: {},
    },
  ])("$name", ({ events, state }) => {
    expect(events.reduce(actionReducer, IDLE_ACTION_STATE)).toEqual({
      ...IDLE_ACTION_STATE,
      ...state,
    });
  });
});

describe("isFakeSuccess: 'opt-in with id 123, deletion confirmation with token ##123##, and e-mail change confirmation with 123'", () => {
  it.each([
    ["optin", "123", true],
    ["optin", "1234", false],
    ["confirmAccountDeletion", "##123##", true],
    ["confirmAccountDeletion", "123", false],
    ["confirmUpdatedEmail", "123", true],
    ["confirmUpdatedEmail", "##123##", false],
    ["passwordReset", "123", false],
    ["optin", null, false],
  ] as const)("%s with %j: %s", (action, token, fake) =>
    expect(isFakeSuccess(action, token)).toBe(fake),
  );
});
