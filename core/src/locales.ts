import type { PreferredLanguage } from "@portal/contracts";
import { LANGUAGE_COOKIE_MAX_AGE_SECONDS } from "./constants.js";

/** The locale choices of spec section 1 and the language each maps to, in menu order. */
export const LOCALE_CHOICES = [
  { locale: "de_DE", language: "de" },
  { locale: "de_AT", language: "de-AT" },
  { locale: "en_US", language: "en" },
  { locale: "fr_FR", language: "fr" },
  { locale: "fr_LU", language: "fr-LU" },
] as const satisfies ReadonlyArray<{ locale: string; language: PreferredLanguage }>;

/** One locale choice, e.g. `de_AT`. */
export type Locale = (typeof LOCALE_CHOICES)[number]["locale"];
/** A language the interface has texts for. */
export type UiLanguage = "de" | "en" | "fr";

/** The default and fallback locale. */
export const DEFAULT_LOCALE: Locale = "de_DE";
/** Name of the cookie holding the chosen locale. */
export const LANGUAGE_COOKIE_NAME = "CAS_PREFERRED_LANGUAGE";

/** True when `value` is one of the five locales. */
export const isLocale = (value: unknown): value is Locale =>
  LOCALE_CHOICES.some((c) => c.locale === value);

/**
 * The person language of a locale; unknown locales fall back to de_DE's.
 *
 * @example
 * localeToLanguage("fr_LU"); // "fr-LU"
 */
export const localeToLanguage = (locale: string | null | undefined): PreferredLanguage =>
  LOCALE_CHOICES.find((c) => c.locale === locale)?.language ?? "de";

/**
 * The locale of a person language; unknown languages fall back to de_DE.
 *
 * @example
 * languageToLocale("de-AT"); // "de_AT"
 */
export const languageToLocale = (language: string | null | undefined): Locale =>
  LOCALE_CHOICES.find((c) => c.language === language)?.locale ?? DEFAULT_LOCALE;

/**
 * The language whose texts to show: texts exist in de, en and fr only, so regional
 * variants use their base language. Accepts a locale or a language.
 *
 * @example
 * uiLanguage("de-AT"); // "de"
 * uiLanguage("fr_LU"); // "fr"
 */
export const uiLanguage = (localeOrLanguage: string | null | undefined): UiLanguage => {
  const base = (localeOrLanguage ?? "").slice(0, 2).toLowerCase();
  return base === "en" || base === "fr" ? base : "de";
};

/**
 * The `document.cookie` string that stores the chosen locale: shared parent domain
 * when given, secure, SameSite=None, path root, one year.
 *
 * @example
 * languageCookie("en_US", { domain: ".example.com" });
 * // "CAS_PREFERRED_LANGUAGE=en_US; Max-Age=31536000; Path=/; Domain=.example.com; Secure; SameSite=None"
 */
export const languageCookie = (
  locale: Locale,
  options: { readonly domain?: string | null } = {},
): string => {
  const parts = [
    `${LANGUAGE_COOKIE_NAME}=${locale}`,
    `Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}`,
    "Path=/",
  ];
  if (options.domain) parts.push(`Domain=${options.domain}`);
  parts.push("Secure", "SameSite=None");
  return parts.join("; ");
};

/**
 * The locale stored in a `Cookie` header (or `document.cookie`), or null when
 * absent or not one of the five.
 *
 * @example
 * parseLanguageCookie("a=1; CAS_PREFERRED_LANGUAGE=fr_FR"); // "fr_FR"
 */
export const parseLanguageCookie = (cookieHeader: string | null | undefined): Locale | null => {
  for (const pair of (cookieHeader ?? "").split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() !== LANGUAGE_COOKIE_NAME) continue;
    const value = pair.slice(eq + 1).trim();
    return isLocale(value) ? value : null;
  }
  return null;
};
