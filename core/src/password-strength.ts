import { STRENGTH_METER_MIN_LENGTH } from "./constants.js";
import { countKeyboardWindows } from "./password-patterns.js";
import {
  checkPasswordAgainst,
  isNotAllowed,
  loadedPasswordBlocklist,
  type PasswordBlocklist,
  type PasswordContext,
  passwordClasses,
} from "./password-rules.js";

/** Strength meter colours. */
export type StrengthColour = "red" | "yellow" | "green";

/** The meter's word for each colour (i18n key `password.levels.{label}` in the web). */
export const STRENGTH_LABELS = {
  red: "weak",
  yellow: "medium",
  green: "strong",
} as const satisfies Record<StrengthColour, string>;
/**
 * The meter's word: weak, medium or strong, or `notAllowed` (red) when the password holds
 * a character outside the spec's set or is the current password: no strength can make it
 * acceptable, so calling it "weak" misleads (a 16-character generated password with "@").
 */
export type StrengthLabel = (typeof STRENGTH_LABELS)[StrengthColour] | "notAllowed";

/**
 * How much of the bar (four segments) each word fills, in percent: the bar's length says
 * what its word says, never a full red bar for "weak". Strong fills three segments, the
 * fourth at level 5 (score 80 and above); "not allowed" none.
 */
export const STRENGTH_FILL = {
  notAllowed: 0,
  weak: 25,
  medium: 50,
  strong: 75,
} as const satisfies Record<StrengthLabel, number>;

/** Result of {@link passwordStrength}. */
export interface PasswordStrength {
  /** 0 to 100. */
  readonly score: number;
  /** 1 to 5. */
  readonly level: 1 | 2 | 3 | 4 | 5;
  readonly colour: StrengthColour;
  /** The word shown with the bar: the one of `colour`, or `notAllowed` (red). */
  readonly label: StrengthLabel;
  /** The bar's filled part in percent, from the label alone (see {@link STRENGTH_FILL}). */
  readonly fill: number;
}

/** Score thresholds of levels 2, 3, 4 and 5. */
const STRENGTH_LEVEL_THRESHOLDS = [20, 40, 60, 80] as const;
/** Highest score that is still yellow. */
const STRENGTH_YELLOW_MAX = 60;

/**
 * The complexity level of a score: 1 below 20, 2 from 20, 3 from 40, 4 from 60, 5 from 80.
 *
 * @example
 * strengthLevel(59); // 3
 * strengthLevel(60); // 4
 */
export const strengthLevel = (score: number): PasswordStrength["level"] =>
  (1 + STRENGTH_LEVEL_THRESHOLDS.filter((t) => score >= t).length) as PasswordStrength["level"];

/**
 * The colour: red with fewer than 8 characters or failing the policy, yellow at a
 * score of 60 or less, green above.
 *
 * @example
 * strengthColour({ length: 12, requirementsMet: true, score: 61 }); // "green"
 */
export const strengthColour = (input: {
  readonly length: number;
  readonly requirementsMet: boolean;
  readonly score: number;
}): StrengthColour => {
  if (input.length < STRENGTH_METER_MIN_LENGTH || !input.requirementsMet) return "red";
  return input.score <= STRENGTH_YELLOW_MAX ? "yellow" : "green";
};

const code = (c: string): number => c.toLowerCase().codePointAt(0) ?? 0;
const sameKind = (a: string, b: string): boolean =>
  (/\d/.test(a) && /\d/.test(b)) || (/[a-z]/i.test(a) && /[a-z]/i.test(b));

/**
 * Number of 3-character windows that run up or down by one: abc, 123, cba, 321
 * (letters case-insensitive).
 *
 * @example
 * countSequences("abcd1"); // 2 (abc, bcd)
 */
export const countSequences = (password: string): number => {
  const chars = [...password];
  let count = 0;
  for (let i = 0; i + 2 < chars.length; i++) {
    const [a, b, c] = [chars[i] ?? "", chars[i + 1] ?? "", chars[i + 2] ?? ""];
    if (!sameKind(a, b) || !sameKind(b, c)) continue;
    const d1 = code(b) - code(a);
    const d2 = code(c) - code(b);
    if (d1 === d2 && (d1 === 1 || d1 === -1)) count++;
  }
  return count;
};

/**
 * Number of characters that repeat one seen before (case-insensitive): length minus
 * distinct characters.
 *
 * @example
 * countRepeats("aAb1b"); // 2
 */
export const countRepeats = (password: string): number => {
  const chars = [...password.toLowerCase()];
  return chars.length - new Set(chars).size;
};

/**
 * The strength-meter score of a password (before the 0..100 cap):
 * 4 per character; (length - uppercase) x 2 and (length - lowercase) x 2 when the
 * class is present; 4 per digit; 6 per special character; minus the length when
 * letters-only or numbers-only; minus 2 per repeated character; minus 3 per 3-letter
 * sequence; minus 3 per 3-key keyboard run (qwe, sdf: beyond the spec's penalties, which
 * are a floor).
 *
 * @example
 * rawStrengthScore("abc"); // 12 + 0 + 6 - 3 - 0 - 3 = 12
 */
export const rawStrengthScore = (password: string): number => {
  const c = passwordClasses(password);
  const letters = c.upper + c.lower;
  let score = c.length * 4;
  if (c.upper > 0) score += (c.length - c.upper) * 2;
  if (c.lower > 0) score += (c.length - c.lower) * 2;
  score += c.digits * 4 + c.specials * 6;
  if (c.length > 0 && letters === c.length) score -= c.length;
  if (c.length > 0 && c.digits === c.length) score -= c.length;
  score -= countRepeats(password) * 2;
  score -= countSequences(password) * 3;
  score -= countKeyboardWindows(password) * 3;
  return score;
};

/**
 * The strength meter (spec section 5): score 0 to 100, level 1 to 5 at 20/40/60/80,
 * colour red whenever the password fails the policy ({@link checkPasswordAgainst}: length
 * 10 to 60, upper, lower, digit or special, valid characters, not the person's name or
 * e-mail, not on the blocklist, not a pattern) whatever its score, else yellow (score 60
 * or less) or green; the label is the colour's word, or "notAllowed" for a character
 * outside the spec's set or the current password; the bar's fill follows the label. A
 * bar and its word come from here alone, so no client shows a refused password as
 * anything but red. The blocklist: Node passes the full one (`passwordBlocklist()`); the
 * browser's default is the one it has loaded.
 *
 * @example
 * passwordStrength("Sommer2024!x", {}, list); // { score: 100, level: 5, colour: "green", label: "strong", fill: 100 }
 * passwordStrength("Sommer24!"); // colour "red", label "weak": 9 characters fail the policy
 * passwordStrength("kX7#mQ2@vL9!pR4z").label; // "notAllowed"
 */
export const passwordStrength = (
  password: string,
  context: PasswordContext = {},
  blocklist: PasswordBlocklist | null = loadedPasswordBlocklist(),
): PasswordStrength => {
  const c = passwordClasses(password);
  const score = Math.max(0, Math.min(100, rawStrengthScore(password)));
  const check = checkPasswordAgainst(password, context, blocklist);
  const colour = strengthColour({ length: c.length, requirementsMet: check.ok, score });
  const level = strengthLevel(score);
  const label = isNotAllowed(check.reason) ? "notAllowed" : STRENGTH_LABELS[colour];
  const fill = label === "strong" && level === 5 ? 100 : STRENGTH_FILL[label];
  return { score, level, colour, label, fill };
};
