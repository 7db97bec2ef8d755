import { describe, expect, it } from "vitest";
import {
  DEFAULT_LOCALE,
  LANGUAGE_COOKIE_NAME,
  LOCALE_CHOICES,
  languageCookie,
  languageToLocale,
  localeToLanguage,
  parseLanguageCookie,
  uiLanguage,
} from "./locales.js";

describe("locales: 'de_DE (default and fallback), de_AT, en_US, fr_FR, fr_LU, mapped to de, de-AT, en, fr, fr-LU'", () => {
  it.each([
    ["de_DE", "de", "de"],
    ["de_AT", "de-AT", "de"],
    ["en_US", "en", "en"],
    ["fr_FR", "fr", "fr"],
    ["fr_LU", "fr-LU", "fr"],
  ])("%s <-> %s (texts in %s)", (locale, language, ui) => {
    expect(localeToLanguage(locale)).toBe(language);
    expect(languageToLocale(language)).toBe(locale);
    expect(uiLanguage(language)).toBe(ui);
    expect(uiLanguage(locale)).toBe(ui);
  });
  it("lists the five in order, de_DE the default", () => {
    expect(LOCALE_CHOICES.map((c) => c.locale)).toEqual([
      "de_DE",
      "de_AT",
      "en_US",
      "fr_FR",
      "fr_LU",
    ]);
    expect(DEFAULT_LOCALE).toBe("de_DE");
  });
  it.each([null, undefined, "", "it_IT", "es"])("falls back to de_DE for %j", (value) => {
    expect(languageToLocale(value)).toBe("de_DE");
    expect(localeToLanguage(value)).toBe("de");
    expect(uiLanguage(value)).toBe("de");
  });
});

describe("the CAS_PREFERRED_LANGUAGE cookie: 'shared parent domain, secure, same-site none, path root'", () => {
  it("with a domain", () => {
    expect(languageCookie("fr_LU", { domain: ".example.com" })).toBe(
      "CAS_PREFERRED_LANGUAGE=fr_LU; Max-Age=31536000; Path=/; Domain=.example.com; Secure; SameSite=None",
    );
  });
  it.each([{}, { domain: null }, { domain: "" }])("without a domain (%o)", (options) => {
    expect(languageCookie("de_DE", options)).toBe(
      "CAS_PREFERRED_LANGUAGE=de_DE; Max-Age=31536000; Path=/; Secure; SameSite=None",
    );
  });
  it.each([
    ["CAS_PREFERRED_LANGUAGE=en_US", "en_US"],
    ["a=1; CAS_PREFERRED_LANGUAGE=de_AT; b=2", "de_AT"],
    [" CAS_PREFERRED_LANGUAGE = fr_FR ", "fr_FR"],
    ["CAS_PREFERRED_LANGUAGE=xx_XX", null],
    ["X_CAS_PREFERRED_LANGUAGE=en_US", null],
    ["", null],
    [null, null],
  ])("parseLanguageCookie(%j) is %s", (header, locale) =>
    expect(parseLanguageCookie(header)).toBe(locale),
  );
  it("is named CAS_PREFERRED_LANGUAGE", () =>
    expect(LANGUAGE_COOKIE_NAME).toBe("CAS_PREFERRED_LANGUAGE"));
});
