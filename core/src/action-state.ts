import type { HttpFailure } from "./http-failure.js";

/** Every action of spec section 3 that holds its own state. */
export const ACTION_NAMES = [
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
] as const;
/** One of {@link ACTION_NAMES}. */
export type ActionName = (typeof ACTION_NAMES)[number];

/**
 * The state of one action: idle (all false), submitting, submitted with success or
 * error. `bot` is set only by the registration bot trap.
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
const FAKE_SUCCESS_TOKENS = {
  optin: "123",
  confirmAccountDeletion: "##123##",
  confirmUpdatedEmail: "123",
} as const satisfies Partial<Record<ActionName, string>>;

/**
 * Opt-in with id 123, deletion confirmation with token ##123## and e-mail change
 * confirmation with 123 are treated as success without a real call.
 */
export const isFakeSuccess = (action: ActionName, token: string | null | undefined): boolean =>
  action in FAKE_SUCCESS_TOKENS &&
  FAKE_SUCCESS_TOKENS[action as keyof typeof FAKE_SUCCESS_TOKENS] === token;
