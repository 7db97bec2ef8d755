import { describe, expect, it } from "vitest";
import { passwordHintLines } from "./password-hints.js";
import { checkPassword, passwordBlocklist } from "./password-policy.js";
import {
  checkPasswordAgainst,
  loadedPasswordBlocklist,
  loadPasswordBlocklist,
  PASSWORD_HINT_KEYS,
  type PasswordContext,
  type PasswordRefusal,
} from "./password-rules.js";
import { passwordStrength } from "./password-strength.js";

/** A generated password of 16 characters with "@", which the spec's specials leave out. */
const GENERATED_WITH_AT = "kX7#mQ2@vL9!pR4z";
const erika = { givenName: "Erika", surName: "Mustermann", email: "e.muster@example.de" };
const uwe = { givenName: "Uwe", surName: "Schmidt", email: "uwe@example.de" };

// Issue 29: the meter showed "strong" for passwords the server refused as too easy to guess
// (the browser had a trimmed copy of the blocklist and no name), and "weak" without a
// reason for a character not allowed. The browser and the server now run the same
// function over the same list; these rows are what the server answers (its errorCodes).
describe("the meter and the server agree, and the reason is named", () => {
  it.each<{
    password: string;
    context?: PasswordContext;
    codes: string[];
    refusals: PasswordRefusal[];
  }>([
    { password: "Passwort12", codes: ["PASSWORD_TRIVIAL_VALUES"], refusals: [{ kind: "common" }] },
    { password: "Sommer2024!", codes: ["PASSWORD_TRIVIAL_VALUES"], refusals: [{ kind: "common" }] },
    {
      password: "Passwort123!",
      codes: ["PASSWORD_TRIVIAL_VALUES"],
      refusals: [{ kind: "common" }],
    },
    {
      password: GENERATED_WITH_AT,
      codes: ["PASSWORD_INVALID_CHARACTERS"],
      refusals: [{ kind: "character", character: "@" }],
    },
    {
      password: "Grün 2024 ünd@ß€",
      codes: ["PASSWORD_INVALID_CHARACTERS"],
      refusals: [
        { kind: "character", character: " " },
        { kind: "character", character: "@" },
        { kind: "character", character: "€" },
      ],
    },
    {
      password: "Erika-ist-toll-1",
      context: erika,
      codes: ["PASSWORD_TRIVIAL_VALUES"],
      refusals: [{ kind: "name" }],
    },
    {
      password: "Xmuster2024!",
      context: erika,
      codes: ["PASSWORD_TRIVIAL_VALUES"],
      refusals: [{ kind: "email" }],
    },
    {
      password: "Mustermann-Passwort1",
      context: erika,
      codes: ["PASSWORD_TRIVIAL_VALUES"],
      // "muster" of the e-mail is inside "Mustermann" too.
      refusals: [{ kind: "name" }, { kind: "email" }],
    },
    // Issue 46: refused for the e-mail when it holds only the first name (uwe@...).
    {
      password: "Uwe12345678",
      context: uwe,
      codes: ["PASSWORD_TRIVIAL_VALUES"],
      refusals: [{ kind: "name" }, { kind: "email" }, { kind: "sequence" }],
    },
    {
      password: "Qwertz12345!",
      codes: ["PASSWORD_TRIVIAL_VALUES"],
      refusals: [{ kind: "keyboard" }],
    },
    {
      password: "Sommer-Wiese42",
      context: { ...erika, currentPassword: "Sommer-Wiese42" },
      codes: ["PASSWORD_IN_HISTORY"],
      refusals: [{ kind: "current" }],
    },
    { password: "Sommer2024!x", context: erika, codes: [], refusals: [] },
  ])("$password: $codes", async ({ password, context = {}, codes, refusals }) => {
    const server = checkPassword(password, context);
    expect(server.errorCodes).toEqual(codes);
    expect(server.refusals).toEqual(refusals);
    // One reason is named at the field: the most telling, the first.
    expect(server.reason).toEqual(refusals[0] ?? null);
    // The browser: the same function with the list it loads.
    const browser = checkPasswordAgainst(password, context, await loadPasswordBlocklist());
    expect(browser).toEqual(server);
    const meter = passwordStrength(password, context);
    expect(meter.colour === "red").toBe(codes.length > 0);
    expect(passwordStrength(password, context, passwordBlocklist())).toEqual(meter);
  });

  it("the browser loads the whole list the server checks, not a part of it", async () => {
    const loaded = await loadPasswordBlocklist();
    expect(loadedPasswordBlocklist()).toBe(loaded);
    expect([...loaded]).toEqual([...passwordBlocklist()]);
    expect(loaded.size).toBeGreaterThanOrEqual(5000);
  });

  it("before the list has loaded, the other rules still hold and nothing is called common", () => {
    expect(checkPasswordAgainst("Passwort12", {}, null).errorCodes).toEqual([]);
    expect(checkPasswordAgainst("Erika-ist-toll-1", erika, null).refusals).toEqual([
      { kind: "name" },
    ]);
  });
});

// Issue 46: a common password showed two reasons at the field, "Uwe12345678" was refused
// for the e-mail (uwe@...) when it holds the first name. One reason: the most telling.
describe("checkPassword: the one reason a field names", () => {
  it.each<{ password: string; context: PasswordContext; reason: PasswordRefusal | null }>([
    { password: "Uwe12345678", context: uwe, reason: { kind: "name" } },
    { password: "Xuwe-Hof-2024", context: { email: "uwe@example.de" }, reason: { kind: "email" } },
    { password: "Passwort12", context: erika, reason: { kind: "common" } },
    { password: "Erika@12345!", context: erika, reason: { kind: "character", character: "@" } },
    { password: "Aaaaaaaaaa1", context: erika, reason: { kind: "repeat" } },
    { password: "Sommer2024!x", context: erika, reason: null },
  ])("$password: $reason.kind", ({ password, context, reason }) => {
    expect(checkPassword(password, context).reason).toEqual(reason);
  });
});

describe("passwordHintLines: 'a digit' and 'a special character' as two ways to one rule", () => {
  it.each([
    ["Sommerwiese1", true, [true, false]],
    ["Sommerwiese!", true, [false, true]],
    ["Sommerwiese1!", true, [true, true]],
    ["Sommerwiese", false, [false, false]],
  ])("%s: the line is met %s", (password, met, ways) => {
    const lines = passwordHintLines(checkPassword(password).hints);
    expect(lines.map((l) => l.options.map((o) => o.key))).toEqual([
      ["PasswordHints.upperLowerDigitOrSpecial"],
      ["PasswordHints.minLength"],
      ["PasswordHints.uppercase"],
      ["PasswordHints.lowercase"],
      ["PasswordHints.digit", "PasswordHints.special"],
      ["PasswordHints.validCharacters"],
    ]);
    expect(lines[4]?.met).toBe(met);
    expect(lines[4]?.options.map((o) => o.met)).toEqual(ways);
    // Every hint text of the spec is still shown.
    expect(lines.flatMap((l) => l.options.map((o) => o.key))).toEqual([...PASSWORD_HINT_KEYS]);
  });
});
