import * as Schema from "effect/Schema";
import type { ErrorCode } from "./error-codes.js";
import { hasForbiddenTextCharacters, MAX_LENGTHS, textLength } from "./text-limits.js";

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
