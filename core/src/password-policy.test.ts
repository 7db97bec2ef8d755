import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { PASSWORD_BLOCKLIST_TEXT } from "./data/password-blocklist.generated.js";
import { checkPassword, isBlocklistedPassword } from "./password-policy.js";
import {
  PASSWORD_HINT_KEYS,
  PASSWORD_SPECIAL_CHARACTERS,
  type PasswordContext,
  passwordCore,
  trivialParts,
} from "./password-rules.js";

const VALID = "Sommer2024!x";

describe("checkPassword: the requirements of spec section 5", () => {
  it.each<{ name: string; password: string; context?: PasswordContext; codes: string[] }>([
    { name: "a password meeting every requirement", password: VALID, codes: [] },
    { name: "'length 10 to 60': 10 characters", password: "Qwzxkmnp7!", codes: [] },
    {
      name: "'length 10 to 60': 9 characters is too short",
      password: "Qwzxkmn7!",
      codes: ["PASSWORD_TOO_SHORT"],
    },
    { name: "'length 10 to 60': 60 characters", password: `Qz7!${"kq".repeat(28)}`, codes: [] },
    {
      name: "'length 10 to 60': 61 characters is too long",
      password: `Qz7!${"kq".repeat(28)}x`,
      codes: ["PASSWORD_TOO_LONG"],
    },
    {
      name: "'at least one uppercase letter' missing",
      password: "sommer2024!x",
      codes: ["PASSWORD_UPPERCASE_MISSING"],
    },
    {
      name: "'including accented capitals': É counts as uppercase",
      password: "émile2024!Éx",
      codes: [],
    },
    {
      name: "'including accented capitals': Ä counts as uppercase",
      password: "Äpfelbaum7!",
      codes: [],
    },
    {
      name: "'one lowercase' missing",
      password: "SOMMER2024!X",
      codes: ["PASSWORD_LOWERCASE_MISSING"],
    },
    { name: "accented lowercase counts: ß", password: "STRAßE2024!", codes: [] },
    { name: "'one digit' or special: a digit alone is enough", password: "Sommerzeit7", codes: [] },
    { name: "'one special character' alone is enough", password: "Sommerzeit!", codes: [] },
    {
      name: "neither digit nor special character",
      password: "Sommerzeitx",
      codes: ["PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING"],
    },
    {
      name: "'only letters, digits, accented letters and those specials': a space",
      password: "Sommer 2024!",
      codes: ["PASSWORD_INVALID_CHARACTERS"],
    },
    {
      name: "'@' is not in the spec's set of specials",
      password: "Sommer2024@x",
      codes: ["PASSWORD_INVALID_CHARACTERS"],
    },
    {
      name: "a euro sign is not allowed",
      password: "Sommer2024€x",
      codes: ["PASSWORD_INVALID_CHARACTERS"],
    },
    {
      name: "Cyrillic letters are not accented letters",
      password: "Sommer2024!Ж",
      codes: ["PASSWORD_INVALID_CHARACTERS"],
    },
    {
      name: "an emoji is not allowed",
      password: "Sommer2024!😀",
      codes: ["PASSWORD_INVALID_CHARACTERS"],
    },
    {
      name: "several failures in the fixed order",
      password: "abc def",
      codes: [
        "PASSWORD_TOO_SHORT",
        "PASSWORD_UPPERCASE_MISSING",
        "PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING",
        "PASSWORD_INVALID_CHARACTERS",
        // abc and def: little more than sequences (issue 46).
        "PASSWORD_TRIVIAL_VALUES",
      ],
    },
    {
      name: "the current password again, when the context knows it",
      password: VALID,
      context: { currentPassword: VALID },
      codes: ["PASSWORD_IN_HISTORY"],
    },
    {
      name: "the current password differing in case is a new password",
      password: VALID,
      context: { currentPassword: VALID.toLowerCase() },
      codes: [],
    },
    {
      name: "the empty password",
      password: "",
      codes: [
        "PASSWORD_TOO_SHORT",
        "PASSWORD_UPPERCASE_MISSING",
        "PASSWORD_LOWERCASE_MISSING",
        "PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING",
      ],
    },
  ])("$name", ({ password, context, codes }) => {
    const result = checkPassword(password, context);
    expect(result.errorCodes).toEqual(codes);
    expect(result.ok).toBe(codes.length === 0);
  });

  it.each([...PASSWORD_SPECIAL_CHARACTERS])(
    "special character %j is allowed and counts",
    (special) => {
      expect(checkPassword(`Sommerzeit${special}`).errorCodes).toEqual([]);
    },
  );
});

describe("checkPassword: PASSWORD_TRIVIAL_VALUES ('guessable, e.g. contains name')", () => {
  const erika = { givenName: "Erika", surName: "Mustermann", email: "e.muster@example.de" };
  it.each<{ name: string; password: string; context: PasswordContext; trivial: boolean }>([
    {
      name: "contains the given name, case-insensitive",
      password: "ERIKA2024!x",
      context: erika,
      trivial: true,
    },
    { name: "contains the surname", password: "Mustermann7!", context: erika, trivial: true },
    {
      name: "contains a part of the e-mail local part",
      password: "Xmuster2024!",
      context: erika,
      trivial: true,
    },
    { name: "names the person nowhere", password: VALID, context: erika, trivial: false },
    {
      name: "parts shorter than 3 characters do not count",
      password: "Qwzxkmnp7!",
      context: { givenName: "Q", email: "qw@x.de" },
      trivial: false,
    },
    {
      name: "a double name counts by its parts",
      password: "Lenchen2024!",
      context: { givenName: "Anna-Lena" },
      trivial: false,
    },
    {
      name: "a double name part inside the password",
      password: "Annabell2024!",
      context: { givenName: "Anna-Lena" },
      trivial: true,
    },
    {
      name: "'on the blocklist' (case-insensitive)",
      password: "Password123",
      context: {},
      trivial: true,
    },
    {
      name: "'on the blocklist' with digits and specials added: Password123!",
      password: "Password123!",
      context: {},
      trivial: true,
    },
    {
      name: "'on the blocklist' with digits added in front: 2024Dragon!",
      password: "2024Dragon!",
      context: {},
      trivial: true,
    },
    {
      name: "'on the blocklist': keyboard walk with a digit",
      password: "Qwertyuiop1",
      context: {},
      trivial: true,
    },
    // Issue 46: repeats, sequences and keyboard rows (see password-patterns.test.ts).
    { name: "a letter repeated", password: "Aaaaaaaaaa1", context: {}, trivial: true },
    { name: "an alphabetic sequence", password: "Abcdefghij1", context: {}, trivial: true },
    { name: "a keyboard row and 12345", password: "Qwertz12345!", context: {}, trivial: true },
    {
      name: "a common word inside a longer password is fine",
      password: "Sommer2024!xy",
      context: {},
      trivial: false,
    },
    {
      name: "'on the blocklist': qwertyuiop itself",
      password: "QwertyuioP",
      context: {},
      trivial: true,
    },
  ])("$name", ({ password, context, trivial }) => {
    expect(checkPassword(password, context).errorCodes.includes("PASSWORD_TRIVIAL_VALUES")).toBe(
      trivial,
    );
  });

  it("splits names and the e-mail local part into parts of 3 or more characters", () => {
    expect(
      trivialParts({
        givenName: "Anna-Lena",
        surName: "O'Brien",
        email: "al.mustermann@example.de",
      }),
    ).toEqual(["anna", "lena", "brien", "mustermann"]);
  });
});

describe("the blocklist shipped with core", () => {
  const words = PASSWORD_BLOCKLIST_TEXT.split("\n");
  it("holds thousands of common passwords, lower-cased and unique", () => {
    expect(words.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(words).size).toBe(words.length);
    expect(words.every((w) => w === w.toLowerCase() && w !== "")).toBe(true);
  });
  it("is the head of the maintained list it names (run core/scripts/generate-password-blocklist.mjs after an update)", () => {
    const ranked = [...new Set(dictionary.passwords.map((w) => String(w).toLowerCase()))].filter(
      Boolean,
    );
    expect(words).toEqual(ranked.slice(0, words.length));
  });
  it.each(["123456", "password", "qwerty", "iloveyou", "PASSWORD", "Password123"])(
    "blocks %s",
    (pw) => {
      expect(isBlocklistedPassword(pw)).toBe(true);
    },
  );
  it("lets an uncommon password through", () => expect(isBlocklistedPassword(VALID)).toBe(false));
  it.each([
    ["Password123!", "Password"],
    ["2024Sommer!!", "Sommer"],
    ["Sommer2024!xy", "Sommer2024!xy"],
    ["!!!", ""],
    ["", ""],
  ])("passwordCore(%j) is %j", (password, core) => expect(passwordCore(password)).toBe(core));
  it("a core shorter than 4 characters is not looked up", () => {
    expect(isBlocklistedPassword("Abc1234567!")).toBe(false);
  });
});

describe("checkPassword: hint keys in the spec's order", () => {
  it("lists the seven hints: 'upper and lower case plus digit or special; length at least 10; upper; lower; digit; special; only valid characters'", () => {
    expect(checkPassword("").hints.map((h) => h.key)).toEqual([...PASSWORD_HINT_KEYS]);
  });
  it.each([
    { password: "", met: [false, false, false, false, false, false, false] },
    { password: VALID, met: [true, true, true, true, true, true, true] },
    { password: "sommer", met: [false, false, false, true, false, false, true] },
    { password: "Sommerzeit7", met: [true, true, true, true, true, false, true] },
    { password: "SOMMER!", met: [false, false, true, false, false, true, true] },
    { password: "Sommer 2024", met: [true, true, true, true, true, false, false] },
  ])("$password", ({ password, met }) => {
    expect(checkPassword(password).hints.map((h) => h.met)).toEqual(met);
  });
});
