import type { ErrorCode } from "@portal/contracts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants.js";
import { guessablePattern, type PasswordPatternKind } from "./password-patterns.js";

/*
 * The password rules of spec section 5 without the blocklist's data: the browser loads
 * the list as a chunk of its own after first paint ({@link loadPasswordBlocklist}), Node
 * reads it at once (`password-policy.ts`, {@link checkPassword}). Both check with
 * {@link checkPasswordAgainst}, so the meter and the server never disagree.
 */

/** The special characters the policy allows (spec section 5), exactly as listed ("@" is not). */
export const PASSWORD_SPECIAL_CHARACTERS = "!\"#$%&'()*+,-./:;<=>?[\\_]^`{|}~";

/**
 * i18n keys of the spec's password hint texts, in display order: upper and lower case
 * plus digit or special; length at least 10; upper; lower; digit; special; only valid
 * characters.
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
/** One key of {@link PASSWORD_HINT_KEYS}. */
export type PasswordHintKey = (typeof PASSWORD_HINT_KEYS)[number];

/**
 * Whom the password must not name (PASSWORD_TRIVIAL_VALUES), and the current password a
 * new one must differ from (PASSWORD_IN_HISTORY: the change-password form knows it).
 */
export interface PasswordContext {
  readonly givenName?: string | null;
  readonly surName?: string | null;
  readonly email?: string | null;
  readonly currentPassword?: string | null;
}

/** Result of {@link checkPassword}. */
export interface PasswordCheck {
  readonly ok: boolean;
  readonly hints: ReadonlyArray<{ readonly key: PasswordHintKey; readonly met: boolean }>;
  readonly errorCodes: ReadonlyArray<ErrorCode>;
  /**
   * What the character classes do not say, most telling first: each character not
   * allowed, the current password again, the person's name or e-mail inside, a very common
   * password, little more than a pattern (the causes of INVALID_CHARACTERS, IN_HISTORY and
   * TRIVIAL_VALUES).
   */
  readonly refusals: ReadonlyArray<PasswordRefusal>;
  /**
   * The one refusal a field names (the first of `refusals`), or null: "Uwe12345678" of Uwe
   * (uwe@...) is refused for the name, not also for the e-mail and the sequence.
   */
  readonly reason: PasswordRefusal | null;
}

/**
 * Why a password is refused beyond the hints: `character` (one not allowed, as typed),
 * `current` (the current password again), `name` (given name or surname inside), `email`
 * (the e-mail's local part inside), `common` (on the blocklist, also dressed up with digits
 * or specials), `repeat`, `sequence` or `keyboard` (little more than aaaa, abcd or 1234,
 * qwertz: see `password-patterns.ts`).
 */
export type PasswordRefusal =
  | { readonly kind: "character"; readonly character: string }
  | { readonly kind: "current" }
  | { readonly kind: "name" }
  | { readonly kind: "email" }
  | { readonly kind: "common" }
  | { readonly kind: PasswordPatternKind };

/**
 * Refusals that make a password not allowed rather than weak: a character outside the
 * spec's set, or the current password again (the meter says "not allowed").
 *
 * @example
 * isNotAllowed({ kind: "character", character: "@" }); // true
 * isNotAllowed({ kind: "common" }); // false
 */
export const isNotAllowed = (refusal: PasswordRefusal | null): boolean =>
  refusal?.kind === "character" || refusal?.kind === "current";

/** The common passwords, lower-cased. `null` in the browser until the list has loaded. */
export type PasswordBlocklist = ReadonlySet<string>;

let browserBlocklist: PasswordBlocklist | null = null;
let loading: Promise<PasswordBlocklist> | undefined;

/**
 * Loads the full blocklist once, as a module of its own (in the browser a lazily loaded
 * chunk, so a first page without a password field never pays for it). Once loaded,
 * {@link loadedPasswordBlocklist} returns it.
 */
export const loadPasswordBlocklist = (): Promise<PasswordBlocklist> => {
  loading ??= import("./data/password-blocklist.generated.js").then(
    ({ PASSWORD_BLOCKLIST_TEXT }) => {
      browserBlocklist = new Set(PASSWORD_BLOCKLIST_TEXT.split("\n"));
      return browserBlocklist;
    },
    (error: unknown) => {
      // A chunk that failed to arrive (a network hiccup) may be asked for again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

/** The blocklist {@link loadPasswordBlocklist} loaded, or null before that. */
export const loadedPasswordBlocklist = (): PasswordBlocklist | null => browserBlocklist;

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

/**
 * Shortest word left after stripping digits and specials that is still looked up: the core
 * "Abc" of "Abc1234567!" is not.
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
 * one of the most common passwords (case-insensitive).
 *
 * @example
 * isCommonPassword("Password123!", new Set(["password"])); // true
 */
export const isCommonPassword = (password: string, blocklist: PasswordBlocklist): boolean => {
  const core = passwordCore(password).toLowerCase();
  return (
    blocklist.has(password.toLowerCase()) ||
    ([...core].length >= BLOCKLIST_MIN_CORE_LENGTH && blocklist.has(core))
  );
};

const partsOf = (sources: ReadonlyArray<string | null | undefined>): string[] => {
  const parts = sources.flatMap((s) => (s ?? "").toLowerCase().split(/[^\p{L}\p{N}]+/u));
  return [...new Set(parts.filter((p) => [...p].length >= 3))];
};

/**
 * The parts (3+ characters) of the person's given name and surname that a password must
 * not contain, lower-cased. Names split at anything that is not a letter or digit
 * ("Anna-Lena" gives "anna" and "lena").
 *
 * @example
 * nameParts({ givenName: "Anna-Lena", surName: "Ng" }); // ["anna", "lena"]
 */
export const nameParts = (context: PasswordContext): ReadonlyArray<string> =>
  partsOf([context.givenName, context.surName]);

/**
 * The parts (3+ characters) of the e-mail address's local part a password must not contain.
 *
 * @example
 * emailParts({ email: "al.mustermann@example.de" }); // ["mustermann"]
 */
export const emailParts = (context: PasswordContext): ReadonlyArray<string> =>
  partsOf([(context.email ?? "").split("@")[0]]);

/**
 * The parts (3+ characters) of the person's given name, surname and e-mail local part
 * that a password must not contain, lower-cased (PASSWORD_TRIVIAL_VALUES).
 *
 * @example
 * trivialParts({ givenName: "Anna-Lena", email: "al.mustermann@example.de" });
 * // ["anna", "lena", "mustermann"]
 */
export const trivialParts = (context: PasswordContext): ReadonlyArray<string> => [
  ...new Set([...nameParts(context), ...emailParts(context)]),
];

/**
 * What refuses a password beyond its character classes, most telling first: each
 * character not allowed (once, as typed), the current password, the name, the e-mail, the
 * blocklist (skipped while `blocklist` is null, i.e. not loaded yet in the browser), a
 * pattern.
 *
 * @example
 * passwordRefusals("Erika@2024xyz", { givenName: "Erika" }, null);
 * // [{ kind: "character", character: "@" }, { kind: "name" }]
 */
export const passwordRefusals = (
  password: string,
  context: PasswordContext,
  blocklist: PasswordBlocklist | null,
): ReadonlyArray<PasswordRefusal> => {
  if (password === "") return [];
  const lower = password.toLowerCase();
  const chars = [...password].filter((c) => !(isLetter(c) || isDigit(c) || isSpecial(c)));
  const refusals: PasswordRefusal[] = [...new Set(chars)].map((character) => ({
    kind: "character",
    character,
  }));
  if (context.currentPassword && password === context.currentPassword)
    refusals.push({ kind: "current" });
  if (nameParts(context).some((part) => lower.includes(part))) refusals.push({ kind: "name" });
  if (emailParts(context).some((part) => lower.includes(part))) refusals.push({ kind: "email" });
  if (blocklist !== null && isCommonPassword(password, blocklist))
    refusals.push({ kind: "common" });
  const pattern = guessablePattern(password);
  if (pattern !== null) refusals.push({ kind: pattern });
  return refusals;
};

/**
 * Checks a password against the policy of spec section 5: length 10 to 60; an
 * uppercase letter (accented capitals included); a lowercase letter; a digit or a
 * special character; only letters, digits, accented letters and the listed specials;
 * not containing the person's name or e-mail local part; not a common password (also
 * not one with digits or specials only added at its start or end); not little more than
 * repeats, sequences and keyboard rows; not the current password (when the context has it).
 * Error codes come in a fixed order: TOO_SHORT, TOO_LONG, UPPERCASE_MISSING,
 * LOWERCASE_MISSING, DIGIT_OR_SPECIAL_CHARACTER_MISSING, INVALID_CHARACTERS,
 * IN_HISTORY, TRIVIAL_VALUES.
 *
 * The blocklist is a parameter: Node passes the full list ({@link checkPassword} in
 * `password-policy.ts`), the browser the one it loaded (null until then: the rest holds).
 *
 * @example
 * checkPasswordAgainst("Sommer2024!x", {}, blocklist).ok; // true
 * checkPasswordAgainst("erikaSommer1!", { givenName: "Erika" }, null).errorCodes;
 * // ["PASSWORD_TRIVIAL_VALUES"]
 */
export const checkPasswordAgainst = (
  password: string,
  context: PasswordContext,
  blocklist: PasswordBlocklist | null,
): PasswordCheck => {
  const c = passwordClasses(password);
  const long = c.length >= PASSWORD_MIN_LENGTH;
  const short = c.length <= PASSWORD_MAX_LENGTH;
  const digitOrSpecial = c.digits > 0 || c.specials > 0;
  const valid = c.invalid === 0;
  const refusals = passwordRefusals(password, context, blocklist);
  const current = refusals.some((r) => r.kind === "current");
  const trivial = refusals.some((r) => r.kind !== "character" && r.kind !== "current");

  const errorCodes: ErrorCode[] = [];
  if (!long) errorCodes.push("PASSWORD_TOO_SHORT");
  if (!short) errorCodes.push("PASSWORD_TOO_LONG");
  if (c.upper === 0) errorCodes.push("PASSWORD_UPPERCASE_MISSING");
  if (c.lower === 0) errorCodes.push("PASSWORD_LOWERCASE_MISSING");
  if (!digitOrSpecial) errorCodes.push("PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING");
  if (!valid) errorCodes.push("PASSWORD_INVALID_CHARACTERS");
  if (current) errorCodes.push("PASSWORD_IN_HISTORY");
  if (trivial) errorCodes.push("PASSWORD_TRIVIAL_VALUES");

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
    refusals,
    reason: refusals[0] ?? null,
  };
};
