import { getIn } from "formik";

/**
 * A server refusal marked at a field (wrong current password, a guessable new password):
 * the encoded message (as `encodeMessage` stores it) and the value the server refused.
 * It lives in formik's `status`, not its errors: formik recomputes errors from the rules
 * on every blur and would drop it at once.
 */
export interface FieldRefusal {
  readonly field: string;
  readonly message: string;
  readonly value: unknown;
}

interface RefusalStatus {
  readonly refusal?: FieldRefusal;
}

/**
 * The formik status that marks `field` with the catalogue's text of `code` (the words of
 * the failure dialog, `Validation.refused` only says `{{reason}}`) while it holds `value`.
 */
export const refusalStatus = (field: string, code: string, value: unknown): RefusalStatus => ({
  refusal: {
    field,
    message: JSON.stringify({ key: "Validation.refused", params: { code } }),
    value,
  },
});

/**
 * The encoded refusal shown at field `name`: only while it still holds the refused value
 * (a changed value is a new attempt the server has not seen).
 */
export const refusalAt = (
  form: { readonly status?: unknown; readonly values?: unknown },
  name: string,
): string | undefined => {
  const refusal = (form.status as RefusalStatus | undefined)?.refusal;
  return refusal?.field === name && getIn(form.values, name) === refusal.value
    ? refusal.message
    : undefined;
};
