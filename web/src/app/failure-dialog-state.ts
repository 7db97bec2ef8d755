import type { ActionName, HttpFailure } from "@portal/core";
import { createContext, useContext } from "react";

/** A text of the dialog: a translation key (with params) or literal text from the server. */
export type DialogText =
  | { readonly key: string; readonly params?: Readonly<Record<string, string | number>> }
  | { readonly text: string };

/** What the dialog's button does besides closing it (spec section 2, "Failure dialog"). */
export type DialogButtonAction =
  | { readonly kind: "close" }
  | { readonly kind: "reload" }
  | { readonly kind: "navigate"; readonly to: string }
  | { readonly kind: "external"; readonly href: string };

/** Everything the failure dialog shows (spec section 3, shared state "failureDialog"). */
export interface FailureDialogContent {
  readonly headline: DialogText;
  /** Rendered as HTML after DOMPurify sanitising. */
  readonly message: DialogText;
  readonly correlationId: string | null;
  readonly dataQa: string;
  readonly buttonText: DialogText;
  readonly button: DialogButtonAction;
  /** Runs once the dialog has closed (a refusal marks its field then). */
  readonly onClose?: () => void;
  /** Id of the element that takes the focus when the dialog closes, instead of its opener. */
  readonly focusOnClose?: string;
  /** The message asks to contact us: the support contact is shown below it. */
  readonly supportContact?: boolean;
}

/** Opens and closes the one failure dialog of the app. */
export interface FailureDialogApi {
  /** Opens the dialog with content made from an HTTP failure by core's `errorDialogContent`. */
  readonly showFailure: (failure: HttpFailure, options?: FailureDialogOptions) => void;
  /** Opens the dialog with prepared content. */
  readonly show: (content: FailureDialogContent) => void;
  readonly close: () => void;
  readonly content: FailureDialogContent | null;
}

/** Per-call overrides of the dialog made from a failure. */
export interface FailureDialogOptions {
  /** The failing action: some actions have their own headline (core's `actionFailureDialog`). */
  readonly action?: ActionName;
  readonly dataQa?: string;
  readonly headline?: DialogText;
  readonly message?: DialogText;
  readonly buttonText?: DialogText;
  readonly button?: DialogButtonAction;
  readonly onClose?: () => void;
  readonly focusOnClose?: string;
}

export const FailureDialogContext = createContext<FailureDialogApi | null>(null);

/**
 * Opens the app's failure dialog.
 *
 * @example
 * const { showFailure } = useFailureDialog();
 * if (!result.ok) showFailure(result.error, { dataQa: "patch-person-error-dialog" });
 */
export function useFailureDialog(): FailureDialogApi {
  const api = useContext(FailureDialogContext);
  if (!api) throw new Error("useFailureDialog needs <AppProviders> above it");
  return api;
}
