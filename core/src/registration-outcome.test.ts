import { describe, expect, it } from "vitest";
import { actionReducer, IDLE_ACTION_STATE } from "./action-state.js";
import {
  isBotRegistration,
  offerRetryWithoutMembership,
  registrationStart,
} from "./registration-outcome.js";
import { failureWith } from "./testing/person-fixture.js";

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
