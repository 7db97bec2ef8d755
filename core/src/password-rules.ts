import type { ErrorCode } from "@portal/contracts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants.js";
import { PASSWORD_BLOCKLIST_TEXT } from "./data/password-blocklist.generated.js";

/**
 * The special characters the policy allows (spec section 5), exactly as listed.
 *
 * @example
 * PASSWORD_SPECIAL_CHARACTERS.includes("!"); // true ("@" is not in the spec's set)
 */
export const PASSWORD_SPECIAL_CHARACTERS = "!\"#$%&'()*+,-./:;<=>?[\\_]^`{|}~";

/**
 * i18n keys of the spec's password hint texts, in display order: upper and lower case
 * plus digit or special; length at least 10; upper; lower; digit; special; only valid
 * characters.
 *
 * @example
 * PASSWORD_HINT_KEYS[1]; // "PasswordHints.minLength"
 */
export const PASSWORD_HINT_KEYS = [
  "PasswordHints.upperLowerDigitOrSpecial",
  "PasswordHints.minLength",
  "PasswordHints.uppercase",
  "PasswordHints.lowercase",
  "PasswordHints.digit",
  "PasswordHints.special",
  "PasswordHints.validCharacters",
] as const;
/**
 * One key of {@link PASSWORD_HINT_KEYS}.
 *
 * @example
 * const key: PasswordHintKey = "PasswordHints.minLength";
 */
export type PasswordHintKey = (typeof PASSWORD_HINT_KEYS)[number];

/**
 * Whom the password must not name (PASSWORD_TRIVIAL_VALUES).
 *
 * @example
 * checkPassword(pw, { givenName: "Erika", surName: "Mustermann", email: "e@x.de" });
 */
export interface PasswordContext {
  readonly givenName?: string | null;
  readonly surName?: string | null;
  readonly email?: string | null;
}

/**
 * Result of {@link checkPassword}.
 *
 * @example
 * const { ok, hints, errorCodes }: PasswordCheck = checkPassword(pw);
 */
export interface PasswordCheck {
  readonly ok: boolean;
  readonly hints: ReadonlyArray<{ readonly key: PasswordHintKey; readonly met: boolean }>;
  readonly errorCodes: ReadonlyArray<ErrorCode>;
}

// Letters are Latin letters, accented ones included (é, Ä, ß, ø, ...).
const isLetter = (c: string): boolean => /^\p{Script=Latin}$/u.test(c) && /^\p{L}$/u.test(c);
const isUpper = (c: string): boolean => isLetter(c) && /^\p{Lu}$/u.test(c);
const isLower = (c: string): boolean => isLetter(c) && /^\p{Ll}$/u.test(c);
const isDigit = (c: string): boolean => c >= "0" && c <= "9";
const isSpecial = (c: string): boolean => PASSWORD_SPECIAL_CHARACTERS.includes(c);

/**
 * The character classes of a password, shared with the strength meter.
 *
 * @example
 * passwordClasses("Ab1!"); // { length: 4, upper: 1, lower: 1, digits: 1, specials: 1, invalid: 0 }
 */
export const passwordClasses = (password: string) => {
  const chars = [...password];
  return {
    length: chars.length,
    upper: chars.filter(isUpper).length,
    lower: chars.filter(isLower).length,
    digits: chars.filter(isDigit).length,
    specials: chars.filter(isSpecial).length,
    invalid: chars.filter((c) => !(isLetter(c) || isDigit(c) || isSpecial(c))).length,
  };
};

let blocklist: ReadonlySet<string> | undefined;

/**
 * Shortest word left after stripping digits and specials that is still looked up.
 *
 * @example
 * isBlocklistedPassword("Abc1234567!"); // false: the core "Abc" is shorter
 */
const BLOCKLIST_MIN_CORE_LENGTH = 4;

/**
 * The password without the digits and special characters at its start and end:
 * "Password123!" has the core "Password". Common passwords dressed up to pass the
 * character rules are still common passwords.
 *
 * @example
 * passwordCore("2024Sommer!!"); // "Sommer"
 */
export const passwordCore = (password: string): string => {
  const chars = [...password];
  const decoration = (c: string | undefined) => c !== undefined && (isDigit(c) || isSpecial(c));
  let start = 0;
  let end = chars.length;
  while (start < end && decoration(chars[start])) start++;
  while (end > start && decoration(chars[end - 1])) end--;
  return chars.slice(start, end).join("");
};

/**
 * True when the password, or its core of 4+ characters (see {@link passwordCore}), is
 * one of the most common passwords (case-insensitive). The list ships with core (see
 * `data/password-blocklist.generated.ts`).
 *
 * @example
 * isBlocklistedPassword("Password123!"); // true
 * isBlocklistedPassword("Sommer2024!xy"); // false
 */
export const isBlocklistedPassword = (password: string): boolean => {
  blocklist ??= new Set(PASSWORD_BLOCKLIST_TEXT.split("\n"));
  const core = passwordCore(password).toLowerCase();
  return (
    blocklist.has(password.toLowerCase()) ||
    ([...core].length >= BLOCKLIST_MIN_CORE_LENGTH && blocklist.has(core))
  );
};

/**
 * The parts (3+ characters) of the person's given name, surname and e-mail local part
 * that a password must not contain, lower-cased. Names split at anything that is
 * not a letter or digit ("Anna-Lena" gives "anna" and "lena").
 *
 * @example
 * trivialParts({ givenName: "Anna-Lena", email: "al.mustermann@example.de" });
 * // ["anna", "lena", "mustermann"]
 */
export const trivialParts = (context: PasswordContext): ReadonlyArray<string> => {
  const local = (context.email ?? "").split("@")[0] ?? "";
  const sources = [context.givenName ?? "", context.surName ?? "", local];
  const parts = sources.flatMap((s) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  return [...new Set(parts.filter((p) => [...p].length >= 3))];
};

/**
 * Checks a password against the policy of spec section 5: length 10 to 60; an
 * uppercase letter (accented capitals included); a lowercase letter; a digit or a
 * special character; only letters, digits, accented letters and the listed specials;
 * not containing the person's name or e-mail local part; not a common password (also
 * not one with digits or specials only added at its start or end).
 * Error codes come in a fixed order: TOO_SHORT, TOO_LONG, UPPERCASE_MISSING,
 * LOWERCASE_MISSING, DIGIT_OR_SPECIAL_CHARACTER_MISSING, INVALID_CHARACTERS,
 * TRIVIAL_VALUES.
 *
 * @example
 * checkPassword("Sommer2024!x").ok; // true
 * checkPassword("erikaSommer1!", { givenName: "Erika" }).errorCodes; // ["PASSWORD_TRIVIAL_VALUES"]
 */
export const checkPassword = (password: string, context: PasswordContext = {}): PasswordCheck => {
  const c = passwordClasses(password);
  const lower = password.toLowerCase();
  const long = c.length >= PASSWORD_MIN_LENGTH;
  const short = c.length <= PASSWORD_MAX_LENGTH;
  const digitOrSpecial = c.digits > 0 || c.specials > 0;
  const valid = c.invalid === 0;
  const trivial =
    trivialParts(context).some((part) => lower.includes(part)) || isBlocklistedPassword(password);

  const errorCodes: ErrorCode[] = [];
  if (!long) errorCodes.push("PASSWORD_TOO_SHORT");
  if (!short) errorCodes.push("PASSWORD_TOO_LONG");
  if (c.upper === 0) errorCodes.push("PASSWORD_UPPERCASE_MISSING");
  if (c.lower === 0) errorCodes.push("PASSWORD_LOWERCASE_MISSING");
  if (!digitOrSpecial) errorCodes.push("PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING");
  if (!valid) errorCodes.push("PASSWORD_INVALID_CHARACTERS");
  if (trivial && password !== "") errorCodes.push("PASSWORD_TRIVIAL_VALUES");

  const met: Record<PasswordHintKey, boolean> = {
    "PasswordHints.upperLowerDigitOrSpecial": c.upper > 0 && c.lower > 0 && digitOrSpecial,
    "PasswordHints.minLength": long,
    "PasswordHints.uppercase": c.upper > 0,
    "PasswordHints.lowercase": c.lower > 0,
    "PasswordHints.digit": c.digits > 0,
    "PasswordHints.special": c.specials > 0,
    // Nothing typed meets nothing: a tick on an empty field reads as a rule already done.
    "PasswordHints.validCharacters": valid && password !== "",
  };
  return {
    ok: errorCodes.length === 0,
    hints: PASSWORD_HINT_KEYS.map((key) => ({ key, met: met[key] })),
    errorCodes,
  };
};
