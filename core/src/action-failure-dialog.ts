import type { ActionName } from "./action-state.js";
import { type ErrorDialogContent, errorDialogContent } from "./http-errors.js";
import type { HttpFailure } from "./http-failure.js";

/**
 * Actions whose failure dialog reads 'Unfortunately this did not work' (spec section 8):
 * register, password forgotten, set new password (reset), update personal data, change
 * password.
 */
const FAILED_HEADLINE_ACTIONS = [
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
