import type { ErrorCode } from "@portal/contracts";
import { errorCodesOf } from "./http-errors.js";
import type { HttpFailure } from "./http-failure.js";

/** Which form field a server refusal code belongs to, per form. */
export type RefusalFields = Readonly<Partial<Record<ErrorCode, string>>>;

/** The codes that say what is wrong with a new password (policy, history). */
const NEW_PASSWORD_REFUSALS = [
  "NEW_PASSWORD_MISSING",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "PASSWORD_NO_SPECIAL_DIGIT",
  "PASSWORD_TRIVIAL_VALUES",
  "PASSWORD_INVALID_CHARACTERS",
  "PASSWORD_LOWERCASE_MISSING",
  "PASSWORD_UPPERCASE_MISSING",
  "PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING",
  "PASSWORD_IN_HISTORY",
] as const satisfies ReadonlyArray<ErrorCode>;

const EMAIL_REFUSALS = [
  "EMAIL_NOT_VALID",
  "INVALID_EMAIL_ADDRESS",
  "EMAIL_UNCHANGED",
] as const satisfies ReadonlyArray<ErrorCode>;

const each = (codes: ReadonlyArray<ErrorCode>, field: string): RefusalFields =>
  Object.fromEntries(codes.map((code) => [code, field]));

/**
 * The refusals of each form that belong to one of its fields (keyed by the form's field
 * names): the failure dialog says them first, and when it closes the field at fault says
 * the same words and takes the focus. A code not listed (a busy server, a used link) is
 * the dialog's alone.
 */
export const FIELD_REFUSALS = {
  changePassword: {
    ...each(NEW_PASSWORD_REFUSALS, "newPassword"),
    PASSWORD_INCORRECT: "oldPassword",
    OLD_PASSWORD_MISSING: "oldPassword",
  },
  passwordReset: each(NEW_PASSWORD_REFUSALS, "newPassword"),
  restoreAccount: {
    PASSWORD_INCORRECT: "password",
    SECOND_FACTOR_REQUIRED: "code",
    SECOND_FACTOR_INCORRECT: "code",
  },
  changeMailAddress: each(EMAIL_REFUSALS, "newEmail"),
  register: {
    ...each(NEW_PASSWORD_REFUSALS, "password"),
    ...each([...EMAIL_REFUSALS, "FIELD_EMPTY"], "email"),
    FIRSTNAME_MISSING: "givenName",
    FIRSTNAME_TOO_LONG: "givenName",
    LASTNAME_MISSING: "surname",
    LASTNAME_TOO_LONG: "surname",
    INVALID_TITLE: "title",
  },
} as const satisfies Readonly<Record<string, RefusalFields>>;

/** A refusal that belongs to a field: the field and the code its words come from. */
export interface FieldRefusal {
  readonly field: string;
  readonly code: ErrorCode;
}

/**
 * The field a failure belongs to: the first error code of its body (the one the dialog
 * names, spec section 8) when `fields` maps it; null otherwise.
 *
 * @example
 * fieldRefusal(httpFailure({ status: 400, url: "/x", body: [{ errorCode: "PASSWORD_INCORRECT" }] }), FIELD_REFUSALS.changePassword);
 * // { field: "oldPassword", code: "PASSWORD_INCORRECT" }
 */
export const fieldRefusal = (failure: HttpFailure, fields: RefusalFields): FieldRefusal | null => {
  const first = errorCodesOf(failure.body)[0];
  if (first === undefined || !Object.hasOwn(fields, first)) return null;
  const field = fields[first as ErrorCode];
  return field === undefined ? null : { field, code: first as ErrorCode };
};
