import { describe, expect, it } from "vitest";
import { translator } from "../i18n.js";
import { FakeTerminal } from "../testing/fake-terminal.js";
import { collectPasswordCheck, printPasswordCheck, readPassword } from "./password-check.js";

describe("collectPasswordCheck: the policy of spec section 5, from core", () => {
  it.each([
    { password: "Sommer2024!xQ", ok: true, codes: [] },
    { password: "Kurz1!", ok: false, codes: ["PASSWORD_TOO_SHORT"] },
    { password: `A1!${"ka".repeat(29)}`, ok: false, codes: ["PASSWORD_TOO_LONG"] },
    { password: "sommer2024!x", ok: false, codes: ["PASSWORD_UPPERCASE_MISSING"] },
    { password: "SOMMER2024!X", ok: false, codes: ["PASSWORD_LOWERCASE_MISSING"] },
    { password: "SommerSonneX", ok: false, codes: ["PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING"] },
    { password: "Sommer 2024!x", ok: false, codes: ["PASSWORD_INVALID_CHARACTERS"] },
    { password: "Érable2024!x", ok: true, codes: [] },
  ])("$password -> $codes", ({ password, ok, codes }) => {
    const verdict = collectPasswordCheck(password);
    expect(verdict.ok).toBe(ok);
    expect(verdict.errorCodes).toEqual(codes);
  });

  it("'not containing the person's given name' (PASSWORD_TRIVIAL_VALUES)", () => {
    expect(collectPasswordCheck("Erika2024!xyz", { givenName: "Erika" }).errorCodes).toEqual([
      "PASSWORD_TRIVIAL_VALUES",
    ]);
  });

  it.each([
    { password: "Ab1!", colour: "red" },
    { password: "Sommer2024!xQ", colour: "green" },
  ])("strength colour of $password is $colour", ({ password, colour }) => {
    expect(collectPasswordCheck(password).strength.colour).toBe(colour);
  });
});

describe("printPasswordCheck", () => {
  it("lists the failing requirements in words, then score, level and colour", () => {
    const verdict = collectPasswordCheck("kurz");
    const text = printPasswordCheck(verdict, translator("en"));
    expect(text).toContain("Requirements not met:");
    expect(text).toContain("  - The password is too short: it needs at least 10 characters.");
    expect(text).toContain("  - The password needs at least one uppercase letter.");
    expect(text).toMatch(/Score {3}\d+\/100/);
    expect(text).toContain("Colour  red");
    expect(text).not.toContain("kurz");
  });
  it("a good password in French", () => {
    const text = printPasswordCheck(collectPasswordCheck("Sommer2024!xQ"), translator("fr"));
    expect(text).toContain("Le mot de passe respecte toutes les exigences.");
    expect(text).toContain("Couleur  vert");
  });
});

describe("readPassword: stdin or a hidden prompt, never echoed", () => {
  it("takes piped stdin without its trailing line break", async () => {
    const terminal = new FakeTerminal({ stdin: "Sommer2024!xQ\n" });
    expect(await readPassword(terminal, translator("en"))).toEqual({
      ok: true,
      value: "Sommer2024!xQ",
    });
    expect(terminal.stdout).toEqual([]);
  });
  it("keeps inner and leading spaces (they are characters of the password)", async () => {
    const terminal = new FakeTerminal({ stdin: " a b\r\n" });
    expect(await readPassword(terminal, translator("en"))).toEqual({ ok: true, value: " a b" });
  });
  it("asks on a terminal with the hidden prompt", async () => {
    const terminal = new FakeTerminal({ tty: true, typed: "Sommer2024!xQ" });
    expect(await readPassword(terminal, translator("de"))).toEqual({
      ok: true,
      value: "Sommer2024!xQ",
    });
    expect(terminal.prompts).toEqual(["Passwort (wird nicht angezeigt): "]);
  });
  it("an empty input is a usage error", async () => {
    expect(await readPassword(new FakeTerminal({ stdin: "\n" }), translator("en"))).toMatchObject({
      ok: false,
      error: { _tag: "Usage", message: { key: "usage.noPassword" } },
    });
  });
  it("Ctrl+C at the prompt cancels", async () => {
    expect(
      await readPassword(new FakeTerminal({ tty: true, typed: null }), translator("en")),
    ).toMatchObject({
      ok: false,
      error: { _tag: "Failed", message: { key: "error.cancelled" } },
    });
  });
});
