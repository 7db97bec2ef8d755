import * as Schema from "effect/Schema";
import type { ErrorCode } from "./error-codes.js";

/**
 * Limits of every text a caller sends, and the one rule for what a single line of
 * text may hold. The request schemas of this package carry them (so the OpenAPI
 * document shows them), `@portal/core`'s validation rules read the same numbers, and
 * each check names the error code of the spec's catalogue the API answers with
 * (annotation `errorCode`, read by the server's decoder).
 *
 * Maximum lengths, in characters (code points):
 *
 * | field | max | why |
 * |---|---|---|
 * | givenName, surName/surname, position, department, title, e-mail addresses | 255 | spec section 9, "Text max length 255" |
 * | password (new) | 60 | password policy, spec section 5 |
 * | oldPassword | 128 | a stored password was set under the policy; room for older policies |
 * | personalPassword, generalPassword (membership) | 64 | issued passwords have 14 characters |
 * | mitgliedskennung, memberNumber | 20 digits | issued IDs have 10 digits |
 * | crefonummer, unverifiedCrefonummer | 10 digits | the company register's numbers have ten digits |
 * | telephone countryDialingCode | 5 (`+` and up to 4 digits) | ITU codes have at most 4 digits |
 * | telephone areaDialingCode | 6 digits | longest national area codes |
 * | telephone subscriberNumber | 12 digits | E.164 allows 15 digits in all |
 * | telephone extensionNumber | 6 digits | office extensions |
 * | dateOfBirth | 10 | `YYYY-MM-DD` |
 * | preferredLanguage | 5 | `de-AT`, `fr-LU` |
 * | mailed tokens (confirmationToken, optOutToken, passwordResetToken) | 128 | tokens have 43 characters |
 * | postRegistrationTargetKey (prk), web-target key | 64 | keys are short names such as `MC` |
 * | postRegistrationToken (prt) | 512 | an opaque value of the system the person came from |
 *
 * Single-line text (every field above but passwords) never holds control or invisible
 * characters: C0 controls (NUL, TAB, CR, LF, ...), DEL, C1 controls, the line and
 * paragraph separators U+2028/U+2029, format characters (bidirectional overrides and
 * isolates, zero-width space/joiners, word joiner, BOM, soft hyphen, tag characters)
 * and lone surrogates. They break mail headers and log lines, hide text in names, or
 * reorder what a reader sees. New passwords are held to the policy's alphabet instead.
 *
 * @example
 * hasForbiddenTextCharacters("Erika\u202E"); // true
 * MAX_LENGTHS.subscriberNumber; // 12
 */
export const MAX_LENGTHS = {
  text: 255,
  email: 255,
  newPassword: 60,
  oldPassword: 128,
  membershipPassword: 64,
  mitgliedskennung: 20,
  memberNumber: 20,
  crefonummer: 10,
  countryDialingCode: 5,
  areaDialingCode: 6,
  subscriberNumber: 12,
  extensionNumber: 6,
  dateOfBirth: 10,
  preferredLanguage: 5,
  mailToken: 128,
  // A 6-digit app code or a recovery code with its dashes and spaces.
  secondFactorCode: 40,
  webTargetKey: 64,
  postRegistrationToken: 512,
} as const;

// Cc: C0, DEL, C1; Cf: bidi controls, zero-width characters, BOM, soft hyphen, tags;
// Cs: a surrogate not part of a pair (the u flag reads pairs as one code point);
// Zl/Zp: U+2028, U+2029.
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * True when `value` holds a character no single line of text may hold (see the module
 * header): controls, line breaks, invisible format characters, lone surrogates.
 *
 * @example
 * hasForbiddenTextCharacters("Anna\nLena"); // true
 * hasForbiddenTextCharacters("Zoë O'Brien"); // false
 */
export const hasForbiddenTextCharacters = (value: string): boolean => FORBIDDEN.test(value);

/**
 * Length in code points, as a person counts characters (an emoji is one).
 *
 * @example
 * textLength("👩"); // 1
 */
export const textLength = (value: string): number => {
  let n = 0;
  for (const _ of value) n++;
  return n;
};

/** The codes a text field's checks answer with. */
export interface TextCodes {
  /** Over the maximum length. */
  readonly tooLong: ErrorCode;
  /** Control or invisible characters (single-line fields only). */
  readonly invalid: ErrorCode;
}

const singleLineFilter = (errorCode: ErrorCode) =>
  Schema.makeFilter<string>((s) => !hasForbiddenTextCharacters(s), {
    expected: "a single line of text without control or invisible characters",
    errorCode,
    toJsonSchema: () => ({ pattern: "^[^\\p{Cc}\\p{Cf}\\p{Cs}\\p{Zl}\\p{Zp}]*$" }),
  });

const maxLengthFilter = (maxLength: number, errorCode: ErrorCode) =>
  Schema.makeFilter<string>((s) => textLength(s) <= maxLength, {
    expected: `at most ${maxLength} characters`,
    errorCode,
    toJsonSchema: () => ({ maxLength }),
  });

/**
 * A single line of text of at most `maxLength` characters, without control or
 * invisible characters; each failure names its code.
 *
 * @example
 * const GivenName = SingleLineText(MAX_LENGTHS.text, { tooLong: "FIRSTNAME_TOO_LONG", invalid: "INVALID_NAME" });
 */
export const SingleLineText = (maxLength: number, codes: TextCodes) =>
  Schema.String.check(singleLineFilter(codes.invalid), maxLengthFilter(maxLength, codes.tooLong));

/**
 * A secret (password) of at most `maxLength` characters: any character may be part of
 * it, so only its length is limited (hashing an unbounded value costs the server).
 *
 * @example
 * const OldPassword = BoundedSecret(MAX_LENGTHS.oldPassword, "PASSWORD_INCORRECT");
 */
export const BoundedSecret = (maxLength: number, tooLong: ErrorCode) =>
  BoundedText(maxLength, tooLong);

/**
 * Any text of at most `maxLength` characters, line breaks allowed (a masked error message
 * in an analytics event); only its length is limited.
 */
export const BoundedText = (maxLength: number, tooLong: ErrorCode) =>
  Schema.String.check(maxLengthFilter(maxLength, tooLong));

/**
 * The error code a failed check of this package names, if the issue carries one.
 *
 * @example
 * errorCodeOfCheck({ errorCode: "INVALID_NAME" }); // "INVALID_NAME"
 */
export const errorCodeOfCheck = (
  annotations: Readonly<Record<string, unknown>> | undefined,
): ErrorCode | undefined => {
  const code = annotations?.errorCode;
  return typeof code === "string" ? (code as ErrorCode) : undefined;
};

/**
 * A crefonummer (company register number) as callers send it: checked for digits by
 * core's rules, limited here.
 *
 * @example
 * Schema.decodeUnknownSync(Crefonummer)("2010000001");
 */
export const Crefonummer = SingleLineText(MAX_LENGTHS.crefonummer, {
  tooLong: "INVALID_CREFONUMMER",
  invalid: "INVALID_CREFONUMMER",
});
