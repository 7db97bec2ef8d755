/**
 * Every error code of the spec's error catalogue (section 8), as one const list.
 *
 * @example
 * import { ERROR_CODES, type ErrorCode } from "@portal/contracts";
 * const code: ErrorCode = "PASSWORD_TOO_SHORT";
 * ERROR_CODES.includes(code); // true
 */
export const ERROR_CODES = [
  "Default",
  "NO_AUTH_REPR",
  "NO_AUTH_REPR_404",
  "INVALID_EMAIL_ADDRESS",
  "EMAIL_NOT_VALID",
  "INVALID_OPT_IN",
  "INVALID_NAME",
  "INVALID_CRID",
  "INVALID_BIRTHDATE",
  "INVALID_TITLE",
  "INVALID_MEMBER_USER_ID",
  "FIELD_EMPTY",
  "FIELD_NOT_EMPTY",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "PASSWORD_NO_SPECIAL_DIGIT",
  "PASSWORD_INCORRECT",
  "PASSWORD_IN_HISTORY",
  "PASSWORD_TRIVIAL_VALUES",
  "PASSWORD_INVALID_CHARACTERS",
  "OLD_PASSWORD_MISSING",
  "NEW_PASSWORD_MISSING",
  "PASSWORD_LOWERCASE_MISSING",
  "PASSWORD_UPPERCASE_MISSING",
  "PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING",
  "PHONE_COUNTRYCODE_INVALID",
  "PHONE_AREA_CODE_INVALID",
  "PHONE_SUBSCRIBER_NUMBER_INVALID",
  "PHONE_EXTENTION_NUMBER_INVALID",
  "PHONE_NUMBER_INVALID",
  "FIRSTNAME_MISSING",
  "LASTNAME_MISSING",
  "FIRSTNAME_TOO_LONG",
  "LASTNAME_TOO_LONG",
  "BACKEND_ERROR",
  "BACKEND_VALIDATION_ERROR",
  "MITGLIEDSKENNUNG_ALREADY_REGISTERED",
  "CTO_ZUGANGSDATEN_INVALID",
  "MITGLIEDSKENNUNG_LOCKED",
  "MITGLIEDSKENNUNG_NOT_ENABLED_FOR_PLATFORM",
  "MITGLIEDSNUMMER_UNKNOWN",
  "MITGLIEDSNUMMER_NO_LONGER_VALID",
  "MITGLIEDSNUMMER_NOT_YET_VALID",
  // Codes the spec's catalogue leaves implicit but the API needs to say why a
  // request was refused (section 3 of the server issue: 401, 403, 404, 429).
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  // Support answers that say what is wrong (issue 15): no account with the address, the
  // account already confirmed, no open deletion request or e-mail change to resend.
  "ACCOUNT_NOT_FOUND",
  "ACCOUNT_ALREADY_CONFIRMED",
  "NO_OPEN_DELETION_REQUEST",
  "NO_OPEN_EMAIL_CHANGE",
  "TOO_MANY_REQUESTS",
  "INVALID_REQUEST",
  "INVALID_PATCH",
  "MEMBER_CANNOT_DELETE",
  "EMAIL_UNCHANGED",
  "INVALID_CREFONUMMER",
  // 412: the data changed since the caller loaded them (If-Match with an older ETag).
  "PRECONDITION_FAILED",
  // Line breaks, control or invisible characters in a single-line field that has no
  // code of its own (position, department).
  "INVALID_CHARACTERS",
  // A sensitive change (new e-mail address, deletion request) needs a sign-in within the
  // last 5 minutes (the access token's auth_time): sign in again, then repeat the call.
  "REAUTHENTICATION_REQUIRED",
  // 409: an e-mail change is to be undone, but another account has taken the old address
  // since; the person it belonged to learns only what their own link leads to.
  "EMAIL_ADDRESS_TAKEN",
  // Restoring an account closed for a grace period: the person has a second factor, so its
  // code (or a recovery code) is needed too; or the code given is wrong or used.
  "SECOND_FACTOR_REQUIRED",
  "SECOND_FACTOR_INCORRECT",
] as const;

/** One code of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The seven member-credential codes: in registration they trigger the offer to
 * retry or register without the membership ID (spec section 8).
 *
 * @example
 * MEMBER_CREDENTIAL_ERROR_CODES.includes("MITGLIEDSKENNUNG_LOCKED"); // true
 */
export const MEMBER_CREDENTIAL_ERROR_CODES = [
  "MITGLIEDSKENNUNG_ALREADY_REGISTERED",
  "CTO_ZUGANGSDATEN_INVALID",
  "MITGLIEDSKENNUNG_LOCKED",
  "MITGLIEDSKENNUNG_NOT_ENABLED_FOR_PLATFORM",
  "MITGLIEDSNUMMER_UNKNOWN",
  "MITGLIEDSNUMMER_NO_LONGER_VALID",
  "MITGLIEDSNUMMER_NOT_YET_VALID",
] as const satisfies ReadonlyArray<ErrorCode>;

/** True when `value` is one of the catalogue's codes. */
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === "string" && (ERROR_CODES as ReadonlyArray<string>).includes(value);
