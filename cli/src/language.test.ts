import { describe, expect, it } from "vitest";
import { environmentLanguage, languageOption } from "./language.js";

describe("languageOption: the value of --lang", () => {
  it.each([
    ["en", "en"],
    ["DE", "de"],
    ["fr-LU", "fr"],
    ["de_AT", "de"],
    ["fr_FR.UTF-8", "fr"],
  ])("%j -> %s", (value, language) => {
    expect(languageOption(value)).toBe(language);
  });

  it.each(["es", "", "english", "xx"])("%j is none the CLI speaks", (value) => {
    expect(languageOption(value)).toBeNull();
  });
});

describe("environmentLanguage: LC_ALL, LC_MESSAGES, LANG; de by default", () => {
  it.each([
    { env: { LANG: "fr_FR.UTF-8" }, language: "fr" },
    { env: { LANG: "fr_FR.UTF-8", LC_ALL: "en_US.UTF-8" }, language: "en" },
    { env: { LANG: "de_DE", LC_MESSAGES: "en_GB" }, language: "en" },
    { env: { LC_ALL: "C.UTF-8", LANG: "fr_LU" }, language: "fr" },
    { env: { LC_ALL: "", LANG: "en_US" }, language: "en" },
    { env: { LANG: "POSIX" }, language: "de" },
    { env: { LANG: "es_ES.UTF-8" }, language: "de" },
    { env: {}, language: "de" },
  ])("$env -> $language", ({ env, language }) => {
    expect(environmentLanguage(env)).toBe(language);
  });
});
