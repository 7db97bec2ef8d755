import { fieldRefusal, type HttpFailure, type RefusalFields } from "@portal/core";
import type { FormikHelpers } from "formik";
import { useCallback } from "react";
import { type FailureDialogOptions, useFailureDialog } from "../../app/failure-dialog-state.js";
import { refusalStatus } from "./refusal-status.js";

/** The form a refusal came from: its rule of which code belongs to which field, its state. */
export interface RefusedForm<V> {
  readonly fields: RefusalFields;
  readonly values: V;
  readonly helpers: Pick<FormikHelpers<V>, "setStatus">;
}

/**
 * Shows a failed submit: the spec's failure dialog, and nothing more while it is open.
 * When the refusal belongs to a field (core's `FIELD_REFUSALS`: a wrong current password,
 * a guessable new one), closing the dialog marks that field with the same words and puts
 * the focus there, so the person corrects it where it is. Without `form` (a request sent
 * by itself, no field in front of the person) it is the dialog alone.
 *
 * @example
 * const showRefusal = useRefusalDialog();
 * showRefusal(result.error, { dataQa: "change-password-error-dialog" },
 *   { fields: FIELD_REFUSALS.changePassword, values, helpers });
 */
export function useRefusalDialog(): <V>(
  failure: HttpFailure,
  options: FailureDialogOptions,
  form?: RefusedForm<V>,
) => void {
  const { showFailure } = useFailureDialog();
  return useCallback(
    <V>(failure: HttpFailure, options: FailureDialogOptions, form?: RefusedForm<V>) => {
      const refusal = form ? fieldRefusal(failure, form.fields) : null;
      if (!form || !refusal) {
        showFailure(failure, options);
        return;
      }
      const value: unknown = (form.values as Record<string, unknown>)[refusal.field];
      showFailure(failure, {
        ...options,
        focusOnClose: `field-${refusal.field}`,
        onClose: () => form.helpers.setStatus(refusalStatus(refusal.field, refusal.code, value)),
      });
    },
    [showFailure],
  );
}
