import type { CompanySuggestions, Person } from "@portal/contracts";
import {
  type ErrorDialogContent,
  errorCodesOf,
  errorDialogContent,
  isMemberCredentialError,
} from "./http-errors.js";
import type { HttpFailure } from "./http-failure.js";
import type { Result } from "./result.js";

/**
 * Every action of spec section 3 that holds its own state.
 *
 * @example
 * ACTION_NAMES.includes("patchPerson"); // true
 */
export const ACTION_NAMES = [
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
] as const;
/** One of {@link ACTION_NAMES}. */
export type ActionName = (typeof ACTION_NAMES)[number];

/**
 * The state of one action: idle (all false), submitting, submitted with success or
 * error. `bot` is set only by the registration bot trap.
 *
 * @example
 * const s: ActionState = IDLE_ACTION_STATE;
 */
export interface ActionState {
  readonly submitting: boolean;
  readonly submitted: boolean;
  readonly success: boolean;
  readonly error: HttpFailure | null;
  /** Kept on error (spec section 4: "on error the correlation id is kept"). */
  readonly correlationId: string | null;
  readonly bot: boolean;
}

/** The idle state. */
export const IDLE_ACTION_STATE: ActionState = {
  submitting: false,
  submitted: false,
  success: false,
  error: null,
  correlationId: null,
  bot: false,
};

/** Events of {@link actionReducer}. */
export type ActionEvent =
  | { readonly type: "start" }
  | { readonly type: "succeed" }
  | { readonly type: "fail"; readonly error: HttpFailure }
  | { readonly type: "bot" }
  | { readonly type: "reset" };

/**
 * The pure reducer of an action's state: start (submitting), succeed, fail (keeps
 * the error and its correlation id), bot (submitted, bot flag, no success), reset.
 *
 * @example
 * actionReducer(IDLE_ACTION_STATE, { type: "start" }).submitting; // true
 */
export const actionReducer = (state: ActionState, event: ActionEvent): ActionState => {
  switch (event.type) {
    case "start":
      return { ...IDLE_ACTION_STATE, submitting: true };
    case "succeed":
      return { ...IDLE_ACTION_STATE, submitted: true, success: true };
    case "fail":
      return {
        ...IDLE_ACTION_STATE,
        submitted: true,
        error: event.error,
        correlationId: event.error.correlationId,
      };
    case "bot":
      return { ...IDLE_ACTION_STATE, submitted: true, bot: true };
    case "reset":
      return state === IDLE_ACTION_STATE ? state : IDLE_ACTION_STATE;
  }
};

/** The fake-success token of each action that has one (spec section 4). */
export const FAKE_SUCCESS_TOKENS = {
  optin: "123",
  confirmAccountDeletion: "##123##",
  confirmUpdatedEmail: "123",
} as const satisfies Partial<Record<ActionName, string>>;

/**
 * Opt-in with id 123, deletion confirmation with token ##123## and e-mail change
 * confirmation with 123 are treated as success without a real call.
 *
 * @example
 * isFakeSuccess("confirmAccountDeletion", "##123##"); // true
 */
export const isFakeSuccess = (action: ActionName, token: string | null | undefined): boolean =>
  action in FAKE_SUCCESS_TOKENS &&
  FAKE_SUCCESS_TOKENS[action as keyof typeof FAKE_SUCCESS_TOKENS] === token;

/**
 * The bot trap: a registration with the hidden city field filled is a bot.
 *
 * @example
 * isBotRegistration({ city: "Berlin" }); // true
 */
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

/**
 * True when the loaded person's company suggestion must be looked up (it has an
 * unverifiedCrefonummer).
 *
 * @example
 * needsCompanyLookup({ unverifiedCrefonummer: "2010000001" }); // true
 */
export const needsCompanyLookup = (person: Pick<Person, "unverifiedCrefonummer">): boolean =>
  (person.unverifiedCrefonummer ?? "") !== "";

/**
 * The company rule on load: if the first suggestion's number equals the person's
 * unverifiedCrefonummer, companyName is set from it; if the lookup failed,
 * unverifiedCrefonummer is cleared; otherwise the person is unchanged.
 *
 * @example
 * companyOnLoad(person, ok({ companyNameSuggestions: [{ crefonummer: person.unverifiedCrefonummer, name: "Muster GmbH" }] })).companyName;
 * // "Muster GmbH"
 */
export const companyOnLoad = <P extends Pick<Person, "unverifiedCrefonummer" | "companyName">>(
  person: P,
  lookup: Result<CompanySuggestions, HttpFailure>,
): P => {
  if (!needsCompanyLookup(person)) return person;
  if (!lookup.ok) return { ...person, unverifiedCrefonummer: null };
  const first = lookup.value.companyNameSuggestions[0];
  return first && first.crefonummer === person.unverifiedCrefonummer
    ? { ...person, companyName: first.name }
    : person;
};

/**
 * Actions whose failure dialog reads 'Unfortunately this did not work' (spec section 8):
 * register, password forgotten, set new password (reset), update personal data, change
 * password.
 */
export const FAILED_HEADLINE_ACTIONS = [
  "register",
  "passwordForgotten",
  "passwordReset",
  "patchPerson",
  "setNewPassword",
] as const satisfies ReadonlyArray<ActionName>;

/** i18n key of the 'Unfortunately this did not work' headline. */
export const FAILED_DIALOG_HEADLINE_KEY = "Dialog.Failed.Header";

/**
 * The failure dialog of an action: {@link errorDialogContent}, with the
 * 'Unfortunately this did not work' headline for the actions that use it.
 *
 * @example
 * actionFailureDialog("register", failure).headlineKey; // "Dialog.Failed.Header"
 * actionFailureDialog("optin", failure).headlineKey; // "Dialog.Default.Header"
 */
export const actionFailureDialog = (
  action: ActionName,
  failure: HttpFailure,
): ErrorDialogContent => {
  const content = errorDialogContent(failure);
  return (FAILED_HEADLINE_ACTIONS as ReadonlyArray<ActionName>).includes(action)
    ? { ...content, headlineKey: FAILED_DIALOG_HEADLINE_KEY }
    : content;
};
