import { hasForbiddenTextCharacters } from "@portal/contracts";
import type { ValidationMessage, ValidationMessageKey } from "./messages.js";

/** Form values by field name: strings, booleans or lists. */
export type FormValues = Readonly<Record<string, unknown>>;

/**
 * One validation rule: returns a message when `value` fails, otherwise undefined.
 * `field` is the name of the field being checked (for the message params).
 *
 * @example
 * const rule: Rule = max(255);
 * rule.check("x".repeat(256), {}, "title"); // { key: "Validation.max", params: { field: "Fields.title", length: 255 } }
 */
export interface Rule {
  readonly name: string;
  check(value: unknown, values: FormValues, field: string): ValidationMessage | undefined;
}

const text = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

/**
 * "required: empty, false, empty list missing" (whitespace-only text counts as empty).
 *
 * @example
 * isMissing(false); // true
 * isMissing(["a"]); // false
 */
const isMissing = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "string" && value.trim() === "");

/** True when `value` (text) is empty: every rule but `required` passes empty values. */
const isEmpty = (value: unknown): boolean => text(value).trim() === "";

const msg = (
  key: ValidationMessageKey,
  field: string,
  extra: Record<string, string | number> = {},
): ValidationMessage => ({ key, params: { field: `Fields.${field}`, ...extra } });

/** A rule that skips empty values and fails when `ok` is false. */
const when = (
  name: string,
  key: ValidationMessageKey,
  ok: (v: string, values: FormValues) => boolean,
  extra: Record<string, string | number> = {},
): Rule => ({
  name,
  check: (value, values, field) =>
    isEmpty(value) || ok(text(value), values) ? undefined : msg(key, field, extra),
});

// HTML5's e-mail pattern (the one `<input type=email>` uses), so browser and server agree.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * The standard e-mail pattern (HTML5 `type=email`, with a dot in the domain).
 *
 * @example
 * isEmail("erika@example.de"); // true
 */
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);

/** Characters a person name must not contain (spec section 5). */
const PERSON_NAME_FORBIDDEN: ReadonlyArray<string> = [..."/\\:%<>$", ..."{}[]#*+=~|"];

/**
 * person_name: none of / \ : % < > $ { } [ ] # * + = ~ |.
 *
 * @example
 * isPersonName("Anna-Lena O'Brien"); // true
 * isPersonName("<b>"); // false
 */
export const isPersonName = (value: string): boolean =>
  ![...value].some((c) => PERSON_NAME_FORBIDDEN.includes(c));

/** validate_numeric: digits only. */
export const isNumeric = (value: string): boolean => /^\d+$/.test(value);

/** validate_areacode: digits only, no leading 0. */
export const isAreaCode = (value: string): boolean => /^[1-9]\d*$/.test(value);

/** ascii_only: every character code up to 127. @example isAsciiOnly("é") // false */
export const isAsciiOnly = (value: string): boolean =>
  [...value].every((c) => (c.codePointAt(0) ?? 0) <= 127);

/**
 * True for a real calendar date written `YYYY-MM-DD` (no 30 February).
 *
 * @example
 * isRealDate("2024-02-29"); // true
 * isRealDate("2023-02-29"); // false
 */
export const isRealDate = (value: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 1 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d
  );
};

/** required: empty, false and an empty list are missing. */
export const required = (): Rule => ({
  name: "required",
  check: (value, _values, field) =>
    isMissing(value) ? msg("Validation.required", field) : undefined,
});

/** email: the standard pattern. @example email().check("x@", {}, "email") // Validation.email */
export const email = (): Rule => when("email", "Validation.email", isEmail);

/** min: at least `length` characters. */
export const min = (length: number): Rule =>
  when("min", "Validation.min", (v) => [...v].length >= length, { length });

/** max: at most `length` characters. */
export const max = (length: number): Rule =>
  when("max", "Validation.max", (v) => [...v].length <= length, { length });

/** digits: exactly `length` digits. */
export const digits = (length: number): Rule =>
  when("digits", "Validation.digits", (v) => isNumeric(v) && v.length === length, { length });

/** included: one of `allowed`. */
export const included = (allowed: ReadonlyArray<string>): Rule =>
  when("included", "Validation.included", (v) => allowed.includes(v));

/** alpha_num: letters (any script) and digits only. */
export const alphaNum = (): Rule =>
  when("alpha_num", "Validation.alphaNum", (v) => /^[\p{L}\p{N}]+$/u.test(v));

/** confirmed: equals the field `other`. */
export const confirmed = (other: string): Rule => ({
  name: "confirmed",
  check: (value, values, field) =>
    text(value) === text(values[other])
      ? undefined
      : msg("Validation.confirmed", field, { other: `Fields.${other}` }),
});

/**
 * True when a controlling field counts as set: not missing and not '0'.
 *
 * @example
 * isSet("0"); // false
 * isSet(true); // true
 */
const isSet = (value: unknown): boolean => !isMissing(value) && value !== "0" && value !== 0;

/** required_if: required when the field `other` is set and not '0'. */
export const requiredIf = (other: string): Rule => ({
  name: "required_if",
  check: (value, values, field) =>
    isSet(values[other]) && isMissing(value) ? msg("Validation.required", field) : undefined,
});

/** ascii_only: character codes up to 127. */
export const asciiOnly = (): Rule => when("ascii_only", "Validation.asciiOnly", isAsciiOnly);

/**
 * True when `value` is one line of text without control or invisible characters (the
 * contracts' rule: no CR, LF, U+2028/2029, NUL or other controls, DEL, bidirectional
 * overrides, zero-width characters, lone surrogates).
 *
 * @example
 * isSingleLine("Erika"); // true
 * isSingleLine("Erika\u0000"); // false
 */
export const isSingleLine = (value: string): boolean => !hasForbiddenTextCharacters(value);

/**
 * single_line: every single-line text field's first rule. Unlike the other rules it
 * checks the raw value, so a value of line breaks alone is refused too.
 *
 * @example
 * singleLine().check("a\nb", {}, "position"); // { key: "Validation.singleLine", ... }
 */
export const singleLine = (): Rule => ({
  name: "single_line",
  check: (value, _values, field) =>
    typeof value === "string" && !isSingleLine(value)
      ? msg("Validation.singleLine", field)
      : undefined,
});

/** person_name: none of the forbidden characters. */
export const personName = (): Rule => when("person_name", "Validation.personName", isPersonName);

/** validate_areacode: digits only, no leading 0. */
export const validateAreacode = (): Rule =>
  when("validate_areacode", "Validation.areaCode", isAreaCode);

/** validate_numeric: digits only. */
export const validateNumeric = (): Rule =>
  when("validate_numeric", "Validation.numeric", isNumeric);

/** required when any of the related fields is filled (validate_birthdate, validate_phone). */
export const requiredWithAny = (
  name: string,
  key: ValidationMessageKey,
  related: ReadonlyArray<string>,
): Rule => ({
  name,
  check: (value, values, field) =>
    isMissing(value) && related.some((f) => !isMissing(values[f])) ? msg(key, field) : undefined,
});
