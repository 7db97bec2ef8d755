import type { ActionEvent } from "./action-state.js";
import { errorCodesOf, isMemberCredentialError } from "./http-errors.js";
import type { HttpFailure } from "./http-failure.js";

/** The bot trap: a registration with the hidden city field filled is a bot. */
export const isBotRegistration = (values: { readonly city?: unknown }): boolean =>
  typeof values.city === "string" ? values.city.trim() !== "" : Boolean(values.city);

/**
 * The first registration event: "bot" when the trap caught it (no request is sent),
 * otherwise "start".
 *
 * @example
 * registrationStart({ city: "x" }); // { type: "bot" }
 */
export const registrationStart = (values: { readonly city?: unknown }): ActionEvent =>
  isBotRegistration(values) ? { type: "bot" } : { type: "start" };

/**
 * After a failed registration with a membership ID whose error is a member-credential
 * code, the user may retry or submit again without the membership ID.
 *
 * @example
 * offerRetryWithoutMembership({ withCto: true, failure: httpFailure({ status: 400, url: "/r", body: [{ errorCode: "MITGLIEDSNUMMER_UNKNOWN" }] }) }); // true
 */
export const offerRetryWithoutMembership = (input: {
  readonly withCto: boolean;
  readonly failure: HttpFailure | null;
}): boolean =>
  input.withCto &&
  input.failure !== null &&
  isMemberCredentialError(errorCodesOf(input.failure.body));
