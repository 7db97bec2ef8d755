import type { ErrorCode } from "./error-codes.js";

// Codes of the rules several calls share (core's password policy and person rules). The
// lists hold only what the server can answer: a test server fails on any other code
// (server/src/http/error-code-check.ts).
export const NEW_PASSWORD_CODES = [
  "NEW_PASSWORD_MISSING",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "PASSWORD_TRIVIAL_VALUES",
  "PASSWORD_INVALID_CHARACTERS",
  "PASSWORD_LOWERCASE_MISSING",
  "PASSWORD_UPPERCASE_MISSING",
  "PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING",
] as const satisfies ReadonlyArray<ErrorCode>;
export const NAME_CODES = [
  "INVALID_NAME",
  "FIRSTNAME_MISSING",
  "LASTNAME_MISSING",
  "FIRSTNAME_TOO_LONG",
  "LASTNAME_TOO_LONG",
] as const satisfies ReadonlyArray<ErrorCode>;
// A patch's fields: names, title, birthdate, phone parts, crefonummer, position and department.
export const PERSON_FIELD_CODES = [
  ...NAME_CODES,
  "INVALID_TITLE",
  "INVALID_BIRTHDATE",
  "INVALID_CHARACTERS",
  "INVALID_CREFONUMMER",
  "PHONE_COUNTRYCODE_INVALID",
  "PHONE_AREA_CODE_INVALID",
  "PHONE_SUBSCRIBER_NUMBER_INVALID",
  "PHONE_EXTENTION_NUMBER_INVALID",
  "PHONE_NUMBER_INVALID",
] as const satisfies ReadonlyArray<ErrorCode>;
