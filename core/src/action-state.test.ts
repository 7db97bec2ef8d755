import type { CompanySuggestions } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  ACTION_NAMES,
  type ActionEvent,
  actionFailureDialog,
  actionReducer,
  companyOnLoad,
  IDLE_ACTION_STATE,
  isBotRegistration,
  isFakeSuccess,
  offerRetryWithoutMembership,
  registrationStart,
} from "./action-state.js";
import { err, ok } from "./result.js";
import { basePerson, failureWith } from "./testing/person-fixture.js";

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

describe("the bot trap: 'A registration with the city field filled is treated as a bot'", () => {
  it.each([
    [{ city: "Berlin" }, true, { type: "bot" }],
    [{ city: " " }, false, { type: "start" }],
    [{ city: "" }, false, { type: "start" }],
    [{}, false, { type: "start" }],
  ])("%o", (values, bot, event) => {
    expect(isBotRegistration(values)).toBe(bot);
    expect(registrationStart(values)).toEqual(event);
  });
  it("'marked submitted, bot flag set, no success reported'", () => {
    expect(actionReducer(IDLE_ACTION_STATE, registrationStart({ city: "x" }))).toEqual({
      ...IDLE_ACTION_STATE,
      submitted: true,
      bot: true,
      success: false,
    });
  });
});

describe("offerRetryWithoutMembership: 'If registration with a membership ID fails, the user may retry or submit again without it'", () => {
  it.each([
    { withCto: true, body: [{ errorCode: "CTO_ZUGANGSDATEN_INVALID" }], offer: true },
    { withCto: true, body: [{ errorCode: "MITGLIEDSNUMMER_NOT_YET_VALID" }], offer: true },
    { withCto: true, body: [{ errorCode: "BACKEND_ERROR" }], offer: false },
    { withCto: false, body: [{ errorCode: "CTO_ZUGANGSDATEN_INVALID" }], offer: false },
  ])("withCto $withCto, $body.0.errorCode: $offer", ({ withCto, body, offer }) => {
    expect(offerRetryWithoutMembership({ withCto, failure: failureWith(body) })).toBe(offer);
  });
  it("no failure, no offer", () =>
    expect(offerRetryWithoutMembership({ withCto: true, failure: null })).toBe(false));
});

describe("companyOnLoad: 'When the own person loads with an unverifiedCrefonummer the company suggestion is looked up'", () => {
  const person = { ...basePerson, unverifiedCrefonummer: "2010000001" };
  const suggestions = (...list: Array<[string, string]>): CompanySuggestions => ({
    companyNameSuggestions: list.map(([crefonummer, name]) => ({ crefonummer, name })),
  });
  it.each([
    {
      name: "'if the first suggestion's number equals it, companyName is set'",
      lookup: ok(suggestions(["2010000001", "Muster GmbH"])),
      expected: { ...person, companyName: "Muster GmbH" },
    },
    {
      name: "a different first suggestion: unchanged",
      lookup: ok(suggestions(["2010000002", "Other"], ["2010000001", "Muster GmbH"])),
      expected: person,
    },
    { name: "no suggestions: unchanged", lookup: ok(suggestions()), expected: person },
    {
      name: "'if the lookup fails, unverifiedCrefonummer is cleared'",
      lookup: err(failure),
      expected: { ...person, unverifiedCrefonummer: null },
    },
  ])("$name", ({ lookup, expected }) => expect(companyOnLoad(person, lookup)).toEqual(expected));
  it("a person without unverifiedCrefonummer is left alone", () => {
    expect(companyOnLoad(basePerson, err(failure))).toBe(basePerson);
  });
});

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
