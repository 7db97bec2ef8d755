import type { PasswordCheck, PasswordHintKey } from "./password-rules.js";

/**
 * One line of the hints as shown: one hint, or hints any one of which meets the rule
 * ("a digit" or "a special character" for "a digit or a special character"). `met` is
 * the line's: a met rule never shows an open circle for the way not taken.
 */
export interface PasswordHintLine {
  readonly met: boolean;
  readonly options: ReadonlyArray<{ readonly key: PasswordHintKey; readonly met: boolean }>;
}

/** The spec's two ways to "a digit or a special character". */
const ALTERNATIVES: ReadonlyArray<PasswordHintKey> = [
  "PasswordHints.digit",
  "PasswordHints.special",
];

/**
 * The hints as lines: each on its own, but digit and special in one line, met when
 * either is.
 *
 * @example
 * passwordHintLines(checkPassword("Sommerwiese1").hints)[4];
 * // { met: true, options: [{ key: "PasswordHints.digit", met: true }, { key: "PasswordHints.special", met: false }] }
 */
export const passwordHintLines = (
  hints: PasswordCheck["hints"],
): ReadonlyArray<PasswordHintLine> => {
  const lines: PasswordHintLine[] = [];
  const options = hints.filter((h) => ALTERNATIVES.includes(h.key));
  for (const hint of hints) {
    if (!ALTERNATIVES.includes(hint.key)) lines.push({ met: hint.met, options: [hint] });
    else if (hint === options[0]) lines.push({ met: options.some((o) => o.met), options });
  }
  return lines;
};
