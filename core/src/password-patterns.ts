/*
 * Guessable patterns in a password: a character repeated, an alphabetic or numeric
 * sequence, a keyboard row. The spec's meter penalties (repeats, 3-letter sequences) are a
 * floor: NIST SP 800-63B asks to refuse "repetitive or sequential characters", and a
 * cracker tries "Aaaaaaaaaa1", "Abcdefghij1" and "Qwertz12345!" long before random
 * strings. The policy refuses a password that is little more than such patterns
 * ({@link guessablePattern}); the meter rates keyboard runs down like sequences
 * ({@link countKeyboardWindows}).
 */

/**
 * What a pattern run is: `repeat` (aaa), `sequence` (abc, 321), `keyboard` (qwe, asdf, a
 * row of the German, English or French keyboard, either way).
 */
export type PasswordPatternKind = "repeat" | "sequence" | "keyboard";

/** The key rows of the QWERTZ, QWERTY and AZERTY layouts and the digit row, lower-cased. */
export const KEYBOARD_ROWS: ReadonlyArray<string> = [
  "1234567890",
  "qwertzuiopü",
  "asdfghjklöä",
  "yxcvbnm",
  "qwertyuiop",
  "asdfghjkl",
  "zxcvbnm",
  "azertyuiop",
  "qsdfghjklm",
  "wxcvbn",
];

/** Shortest run that counts as a pattern: "abc", "aaa", "qwe". */
const PATTERN_MIN_RUN = 3;

/**
 * Fewest characters a password must hold outside its patterns: "Qwertz12345!" keeps one
 * ("!"), "Aaaaaaaaaa1" and "Abcdefghij1" one ("1"), "Uwe12345678" three; "Hund1234567!"
 * keeps five and passes (the meter rates it down).
 */
export const PATTERN_MIN_REST = 4;

const lowerChars = (password: string): string[] => [...password.toLowerCase()];

const code = (c: string): number => c.codePointAt(0) ?? 0;
const kindOf = (c: string): "letter" | "digit" | null =>
  /^[a-z]$/.test(c) ? "letter" : /^\d$/.test(c) ? "digit" : null;

/** Whether `b` follows `a` in the pattern, going `step` (+1 or -1). */
type Follows = (a: string, b: string, step: 1 | -1) => boolean;

const repeats: Follows = (a, b) => a === b;
const sequenceFollows: Follows = (a, b, step) =>
  kindOf(a) !== null && kindOf(a) === kindOf(b) && code(b) - code(a) === step;
const rowFollows =
  (row: string): Follows =>
  (a, b, step) => {
    const i = row.indexOf(a);
    return i >= 0 && row[i + step] === b;
  };

/**
 * The maximal runs of `follows` in one direction: [start, end) index pairs of 3+ characters.
 */
const runsOf = (chars: ReadonlyArray<string>, follows: Follows): Array<[number, number]> => {
  const runs: Array<[number, number]> = [];
  for (const step of [1, -1] as const) {
    let start = 0;
    for (let i = 1; i <= chars.length; i++) {
      const a = chars[i - 1] ?? "";
      const b = chars[i];
      if (b !== undefined && follows(a, b, step)) continue;
      if (i - start >= PATTERN_MIN_RUN) runs.push([start, i]);
      start = i;
    }
  }
  return runs;
};

const coveredBy = (length: number, runs: ReadonlyArray<[number, number]>): boolean[] => {
  const covered = Array.from({ length }, () => false);
  for (const [start, end] of runs) for (let i = start; i < end; i++) covered[i] = true;
  return covered;
};

/**
 * The characters each pattern kind covers, and how many are left outside every pattern.
 *
 * @example
 * passwordPatterns("Qwertz12345!"); // { repeat: 0, sequence: 5, keyboard: 11, rest: 1 }
 */
export const passwordPatterns = (
  password: string,
): Readonly<Record<PasswordPatternKind, number> & { rest: number }> => {
  const chars = lowerChars(password);
  const runs: Record<PasswordPatternKind, Array<[number, number]>> = {
    repeat: runsOf(chars, repeats),
    sequence: runsOf(chars, sequenceFollows),
    keyboard: KEYBOARD_ROWS.flatMap((row) => runsOf(chars, rowFollows(row))),
  };
  const count = (r: ReadonlyArray<[number, number]>) =>
    coveredBy(chars.length, r).filter(Boolean).length;
  const all = coveredBy(chars.length, [...runs.repeat, ...runs.sequence, ...runs.keyboard]);
  return {
    repeat: count(runs.repeat),
    sequence: count(runs.sequence),
    keyboard: count(runs.keyboard),
    rest: all.filter((c) => !c).length,
  };
};

/** Order among kinds covering as many characters: "12345" is a sequence before a key row. */
const KIND_ORDER: ReadonlyArray<PasswordPatternKind> = ["sequence", "keyboard", "repeat"];

/**
 * The pattern a password is little more than (fewer than {@link PATTERN_MIN_REST}
 * characters outside repeats, sequences and keyboard rows), named by the kind that covers
 * most of it; null when enough is left.
 *
 * @example
 * guessablePattern("Aaaaaaaaaa1"); // "repeat"
 * guessablePattern("Abcdefghij1"); // "sequence"
 * guessablePattern("Qwertz12345!"); // "keyboard"
 * guessablePattern("Sommer2024!x"); // null
 */
export const guessablePattern = (password: string): PasswordPatternKind | null => {
  const found = passwordPatterns(password);
  if (password === "" || found.rest >= PATTERN_MIN_REST) return null;
  const best = Math.max(...KIND_ORDER.map((k) => found[k]));
  if (best === 0) return null;
  return KIND_ORDER.find((k) => found[k] === best) ?? null;
};

/**
 * Number of 3-character windows that run along a keyboard row (qwe, ewq, sdf, 890) and are
 * not also an alphabetic or numeric sequence (those the spec's penalty counts already).
 *
 * @example
 * countKeyboardWindows("Qwertz"); // 4 (qwe, wer, ert, rtz)
 */
export const countKeyboardWindows = (password: string): number => {
  const chars = lowerChars(password);
  let count = 0;
  for (let i = 0; i + 2 < chars.length; i++) {
    const [a, b, c] = [chars[i] ?? "", chars[i + 1] ?? "", chars[i + 2] ?? ""];
    const along = (follows: Follows) =>
      ([1, -1] as const).some((step) => follows(a, b, step) && follows(b, c, step));
    if (along(sequenceFollows)) continue;
    if (KEYBOARD_ROWS.some((row) => along(rowFollows(row)))) count++;
  }
  return count;
};
