import { actionFailureDialog, errorDialogContent, type HttpFailure } from "@portal/core";
import type { FailureDialogContent, FailureDialogOptions } from "./failure-dialog-state.js";

/**
 * The dialog content of an HTTP failure: core's `errorDialogContent` (spec section 8), or
 * `actionFailureDialog` when the failing action is named (register, password forgotten and
 * reset, personal data, change password read "Unfortunately this did not work"), with
 * per-call overrides (data-qa, texts, what the button does).
 *
 * @example
 * failureDialogContent(failure, { dataQa: "patch-person-error-dialog" });
 */
export function failureDialogContent(
  failure: HttpFailure,
  options: FailureDialogOptions = {},
): FailureDialogContent {
  const c = options.action
    ? actionFailureDialog(options.action, failure)
    : errorDialogContent(failure);
  return {
    headline: options.headline ?? { key: c.headlineKey },
    // A known wait ("try again in 35 minutes") wins over a page's own general words
    // ("please try again later"): it says more (issue 46).
    message:
      c.messageKey && c.messageParams
        ? { key: c.messageKey, params: c.messageParams }
        : (options.message ?? (c.messageKey ? { key: c.messageKey } : { text: c.message ?? "" })),
    correlationId: c.correlationId,
    dataQa: options.dataQa ?? "failure-dialog",
    buttonText: options.buttonText ?? { key: c.buttonKey },
    button: options.button ?? { kind: "close" },
    ...(c.supportContact && !options.message ? { supportContact: true } : {}),
    ...(options.onClose ? { onClose: options.onClose } : {}),
    ...(options.focusOnClose ? { focusOnClose: options.focusOnClose } : {}),
  };
}
