import { describe, expect, it } from "vitest";
import {
  countKeyboardWindows,
  guessablePattern,
  type PasswordPatternKind,
  passwordPatterns,
} from "./password-patterns.js";
import { checkPassword } from "./password-policy.js";
import { passwordStrength } from "./password-strength.js";

// Issue 46: "Aaaaaaaaaa1", "Abcdefghij1" and "Qwertz12345!" passed the meter and the
// server. Repeats, sequences and keyboard rows are rules of their own now (the spec's
// penalties are a floor), shared by the meter and the server.
describe("guessablePattern: little more than repeats, sequences and keyboard rows", () => {
  it.each<{ password: string; pattern: PasswordPatternKind | null; why: string }>([
    { password: "Aaaaaaaaaa1", pattern: "repeat", why: "issue 46: one letter ten times" },
    { password: "Abcdefghij1", pattern: "sequence", why: "issue 46: a to j" },
    { password: "Qwertz12345!", pattern: "keyboard", why: "issue 46: qwertz, then 12345" },
    { password: "Qwerty12345!", pattern: "keyboard", why: "the English row" },
    { password: "Azerty1234!", pattern: "keyboard", why: "the French row" },
    { password: "Asdfghjk12!", pattern: "keyboard", why: "the home row" },
    { password: "Ytrewq98765", pattern: "keyboard", why: "a row backwards" },
    { password: "Zyxwvuts987", pattern: "sequence", why: "a sequence backwards" },
    { password: "Uwe12345678", pattern: "sequence", why: "three characters besides 12345678" },
    { password: "1111111111Aa", pattern: "repeat", why: "a digit repeated" },
    // Enough left besides the patterns: the meter rates them down, the policy lets them be.
    { password: "Hund1234567!", pattern: null, why: "five characters besides 1234567" },
    { password: "Sommer2024!x", pattern: null, why: "no run of three" },
    { password: "Power-Party-7", pattern: null, why: "wer and rty inside words" },
    { password: "Student-Hilfe9", pattern: null, why: "stu inside a word" },
    { password: "Kq7!xxxxzT4#", pattern: null, why: "a run of four among eight others" },
    { password: "", pattern: null, why: "nothing typed" },
  ])("$password: $pattern ($why)", ({ password, pattern }) => {
    expect(guessablePattern(password)).toBe(pattern);
  });

  it.each([
    ["Qwertz12345!", { repeat: 0, sequence: 5, keyboard: 11, rest: 1 }],
    ["Aaaaaaaaaa1", { repeat: 10, sequence: 0, keyboard: 0, rest: 1 }],
    ["Sommer2024!x", { repeat: 0, sequence: 0, keyboard: 0, rest: 12 }],
  ])("passwordPatterns(%j) counts the characters each kind covers", (password, counts) => {
    expect(passwordPatterns(password)).toEqual(counts);
  });

  it.each([
    ["Qwertz", 4],
    ["ytrewq", 4],
    ["Kq7!zT", 0],
    // 123 is a sequence: the spec's penalty counts it already.
    ["123", 0],
    ["7890", 1],
  ])("countKeyboardWindows(%j) is %i", (password, n) => {
    expect(countKeyboardWindows(password)).toBe(n);
  });
});

describe("the server and the meter refuse the patterns alike", () => {
  it.each<{ password: string; kind: PasswordPatternKind }>([
    { password: "Aaaaaaaaaa1", kind: "repeat" },
    { password: "Abcdefghij1", kind: "sequence" },
    { password: "Qwertz12345!", kind: "keyboard" },
  ])("$password: PASSWORD_TRIVIAL_VALUES for '$kind', red and weak", ({ password, kind }) => {
    const check = checkPassword(password);
    expect(check.errorCodes).toEqual(["PASSWORD_TRIVIAL_VALUES"]);
    expect(check.reason).toEqual({ kind });
    expect(passwordStrength(password)).toMatchObject({ colour: "red", label: "weak", fill: 25 });
  });
});
