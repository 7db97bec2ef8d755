import { describe, expect, it } from "vitest";
import { resolveLanguage } from "./language.js";

describe("resolveLanguage: --lang, else LC_ALL, LC_MESSAGES, LANG; de by default", () => {
  it.each([
    { option: "en", env: { LANG: "fr_FR.UTF-8" }, language: "en" },
    { option: "DE", env: {}, language: "de" },
    { option: "fr-LU", env: {}, language: "fr" },
    { option: "de_AT", env: {}, language: "de" },
    { option: undefined, env: { LANG: "fr_FR.UTF-8" }, language: "fr" },
    { option: undefined, env: { LANG: "fr_FR.UTF-8", LC_ALL: "en_US.UTF-8" }, language: "en" },
    { option: undefined, env: { LANG: "de_DE", LC_MESSAGES: "en_GB" }, language: "en" },
    { option: undefined, env: { LC_ALL: "C.UTF-8", LANG: "fr_LU" }, language: "fr" },
    { option: undefined, env: { LANG: "POSIX" }, language: "de" },
    { option: undefined, env: { LANG: "es_ES.UTF-8" }, language: "de" },
    { option: undefined, env: {}, language: "de" },
  ])("--lang $option with $env -> $language", ({ option, env, language }) => {
    expect(resolveLanguage(option, env)).toEqual({ ok: true, value: language });
  });

  it.each(["es", "", "english"])("--lang %j is a usage error", (option) => {
    expect(resolveLanguage(option, {})).toEqual({
      ok: false,
      error: { key: "usage.lang", params: { value: option } },
    });
  });
});
