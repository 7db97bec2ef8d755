import { describe, expect, it } from "vitest";
import {
  countRepeats,
  countSequences,
  passwordStrength,
  rawStrengthScore,
  STRENGTH_FILL,
  STRENGTH_LABELS,
  type StrengthColour,
  type StrengthLabel,
  strengthColour,
  strengthLevel,
} from "./password-strength.js";

describe("strengthLevel: 'complexity levels 1 to 5 at thresholds 20, 40, 60, 80'", () => {
  it.each([
    [0, 1],
    [19, 1],
    [20, 2],
    [39, 2],
    [40, 3],
    [59, 3],
    [60, 4],
    [79, 4],
    [80, 5],
    [100, 5],
  ])("score %i is level %i", (score, level) => expect(strengthLevel(score)).toBe(level));
});

describe("strengthColour: 'fewer than 8 characters or failing requirements is red; score 60 or less yellow; above 60 green'", () => {
  it.each([
    { length: 7, requirementsMet: true, score: 90, colour: "red" },
    { length: 8, requirementsMet: false, score: 90, colour: "red" },
    { length: 8, requirementsMet: true, score: 0, colour: "yellow" },
    { length: 8, requirementsMet: true, score: 60, colour: "yellow" },
    { length: 8, requirementsMet: true, score: 61, colour: "green" },
    { length: 60, requirementsMet: true, score: 100, colour: "green" },
  ])(
    "length $length, requirements met $requirementsMet, score $score: $colour",
    ({ colour, ...input }) => {
      expect(strengthColour(input)).toBe(colour);
    },
  );
});

describe("passwordStrength: real passwords at each colour and level boundary", () => {
  it.each([
    { password: "", score: 0, level: 1, colour: "red" },
    { password: "cba7", score: 19, level: 1, colour: "red" },
    { password: "wb!", score: 20, level: 2, colour: "red" },
    { password: "Abcdefg1", score: 39, level: 2, colour: "red" },
    { password: "z9z2A", score: 40, level: 3, colour: "red" },
    { password: "Mxkk123M", score: 59, level: 3, colour: "red" },
    { password: "qA!7ZbWb", score: 60, level: 4, colour: "red" },
    { password: "Q123WMQz", score: 61, level: 4, colour: "red" },
    { password: "A292W1c1q", score: 80, level: 5, colour: "red" },
    { password: "Sommer2024!x", score: 100, level: 5, colour: "green" },
    // Passing the policy (10+ characters): yellow up to 60, green above.
    { password: "Kmkmkmkmk7", score: 52, level: 3, colour: "yellow" },
    { password: "Qwzxkmkmk7", score: 60, level: 4, colour: "yellow" },
    { password: "Qwzxkmkpk7", score: 62, level: 4, colour: "green" },
    { password: "Qwzxkmnp7!k", score: 78, level: 4, colour: "green" },
    { password: "abcQ7193Qabc", score: 82, level: 5, colour: "green" },
    // Red below 8 characters however strong the score.
    { password: "Kwqz5!t", score: 56, level: 3, colour: "red" },
    { password: "Kwqz5!tr", score: 62, level: 4, colour: "red" },
    // Red with 8+ characters when a requirement fails.
    { password: "qwzxkmnpT", score: 45, level: 3, colour: "red" },
    { password: "tqmzxkr7", score: 38, level: 2, colour: "red" },
  ])("$password: score $score, level $level, $colour", ({ password, ...expected }) => {
    expect(passwordStrength(password)).toMatchObject({
      ...expected,
      label: STRENGTH_LABELS[expected.colour as StrengthColour],
    });
  });

  // Issue 46: a refused password showed a full red bar beside "weak", a strong one could
  // fill a quarter: the fill follows the word (four segments), never the raw score.
  it.each([
    { password: "A292W1c1q", label: "weak", fill: 25, why: "score 80, too short" },
    { password: "Qwertz12345!", label: "weak", fill: 25, why: "score 89, a keyboard row" },
    { password: "Kmkmkmkmk7", label: "medium", fill: 50, why: "score 52" },
    { password: "Qwzxkmkpk7", label: "strong", fill: 75, why: "score 62, level 4" },
    { password: "Sommer2024!x", label: "strong", fill: 100, why: "score 100, level 5" },
    { password: "kX7#mQ2@vL9!pR4z", label: "notAllowed", fill: 0, why: "@, score 100" },
    { password: "Tqmzxkr7 ", label: "notAllowed", fill: 0, why: "a space" },
  ])("$password ($why): $label, the bar $fill % full", ({ password, label, fill }) => {
    expect(passwordStrength(password)).toMatchObject({ label, fill });
    // Only level 5 adds the fourth segment to the word's own fill.
    expect(fill - STRENGTH_FILL[label as StrengthLabel]).toBe(fill === 100 ? 25 : 0);
  });

  // Issue 15: the bar showed a refused password yellow or green.
  it.each([
    { password: "Sommer24!", why: "9 characters (policy minimum 10)" },
    { password: "sommer2024!x", why: "no capital letter" },
    { password: "SOMMER2024!X", why: "no lowercase letter" },
    { password: "Sommerwiese", why: "neither digit nor special" },
    // Issue 46: the strength rules beyond the spec's penalties.
    { password: "Aaaaaaaaaa1", why: "one letter repeated" },
    { password: "Abcdefghij1", why: "an alphabetic sequence" },
    { password: "Qwertz12345!", why: "a keyboard row and a numeric sequence" },
  ])("a password failing the policy is red and weak whatever its score: $why", ({ password }) => {
    expect(rawStrengthScore(password)).toBeGreaterThan(40);
    expect(passwordStrength(password)).toMatchObject({ colour: "red", label: "weak" });
  });

  // Issue 46: "weak" said of a 16-character generated password with "@" (and of the
  // current password typed as the new one): no strength makes them acceptable.
  it.each([
    { password: "kX7#mQ2@vL9!pR4z", context: {}, why: "'@' is not in the spec's specials" },
    { password: "Sommer2024 x", context: {}, why: "a space is not a valid character" },
    {
      password: "Sommer-Wiese42",
      context: { currentPassword: "Sommer-Wiese42" },
      why: "the current password",
    },
  ])("$password is red and 'not allowed', never 'weak': $why", ({ password, context }) => {
    expect(passwordStrength(password, context)).toMatchObject({
      colour: "red",
      label: "notAllowed",
      fill: 0,
    });
  });

  it("a password naming the person is red when the context is given", () => {
    expect(passwordStrength("Erikasommer7!").colour).toBe("green");
    expect(passwordStrength("Erikasommer7!", { givenName: "Erika" })).toMatchObject({
      colour: "red",
      label: "weak",
    });
  });

  it("'score capped 0 to 100'", () => {
    const long = "Qz7!Wx8?Ry9#Tu6%Io5&Pa4(Sd3)Fg2*Hj1+Kl0-";
    expect(rawStrengthScore(long)).toBeGreaterThan(100);
    expect(passwordStrength(long).score).toBe(100);
    const walk = "abcdefghijklmnopqrstuvwxyzyxwvutsrqponmlkjihgfedcba";
    expect(rawStrengthScore(walk)).toBeLessThan(0);
    expect(passwordStrength(walk).score).toBe(0);
  });
});

describe("passwordStrength: penalties", () => {
  it.each([
    { name: "'letters-only' costs the length", weaker: "Qwzxkmnpjh", stronger: "Qwzxkmnpj7" },
    { name: "'numbers-only' costs the length", weaker: "9517538264", stronger: "951753826a" },
    { name: "'repeated characters'", weaker: "Qwzz7!zzkq", stronger: "Qwzx7!mnkq" },
    { name: "'3-letter sequences (abc)'", weaker: "Xabcq7!mnw", stronger: "Xaqcb7!mnw" },
    { name: "'3-letter sequences (123)'", weaker: "Xqzw123!mn", stronger: "Xqzw132!mn" },
    { name: "'3-letter sequences (cba)'", weaker: "Xcbaq7!mnw", stronger: "Xcabq7!mnw" },
    // Beyond the spec (issue 46): a keyboard run costs what a sequence costs.
    { name: "keyboard runs (qwe)", weaker: "Xqwek7!mnb", stronger: "Xqkwe7!mnb" },
    { name: "keyboard runs (ytrewq)", weaker: "Yytrewq7!m", stronger: "Yyterwq7!m" },
  ])("$name: $weaker scores below $stronger", ({ weaker, stronger }) => {
    expect(rawStrengthScore(weaker)).toBeLessThan(rawStrengthScore(stronger));
  });

  it.each([
    ["abc", 1],
    ["ABCd", 2],
    ["321", 1],
    ["cba", 1],
    ["acb", 0],
    ["9ab", 0],
    ["xyz{", 1],
    ["az1", 0],
  ])("countSequences(%j) is %i", (password, n) => expect(countSequences(password)).toBe(n));

  it.each([
    ["abc", 0],
    ["aAb1b", 2],
    ["1111", 3],
  ])("countRepeats(%j) is %i", (password, n) => expect(countRepeats(password)).toBe(n));
});
