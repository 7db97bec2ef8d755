import {
  DEFAULT_LOCALE,
  fillText,
  isLocale,
  type Locale,
  languageToLocale,
  parseLanguageCookie,
  uiLanguage,
} from "@portal/core";
import { type Catalogue, textsFor } from "@portal/core/texts";
import type { LoginTexts } from "./login-texts.js";

export type { LoginTexts } from "./login-texts.js";

/** Languages the pages are written in. */
export type PageLanguage = "de" | "en" | "fr";

/** The sections of the catalogue's `provider` namespace (core/src/texts/<lng>/provider.json). */
export type ProviderSection = keyof Catalogue["provider"];

/**
 * One section of the pages' words in every language, worded by i18next: the texts the app,
 * the CLI or the mails show too nest core's shared ones (`$t(shared:Session.signIn)`), and
 * `{{name}}` parameters stay for {@link format} to fill per request.
 *
 * @example
 * providerTexts("copy").fr.copyKey; // "Copier la clé"
 */
export const providerTexts = <S extends ProviderSection>(
  section: S,
): Readonly<Record<PageLanguage, Catalogue["provider"][S]>> => {
  const read = (language: PageLanguage) =>
    textsFor(language).t(section, {
      ns: "provider",
      returnObjects: true,
    }) as unknown as Catalogue["provider"][S];
  return { de: read("de"), en: read("en"), fr: read("fr") };
};

export const TEXTS: Readonly<Record<PageLanguage, LoginTexts>> = providerTexts("page");

/**
 * Fills `{{name}}` parameters of a text (the catalogue's one placeholder syntax).
 *
 * @example
 * format("wait {{seconds}} s", { seconds: 60 }); // "wait 60 s"
 */
export const format = (text: string, params: Readonly<Record<string, string | number>>): string =>
  fillText(text, params);

/**
 * One of the five locales for a tag a client sent (`fr`, `fr-LU`, `fr_LU`, `en-GB`): the
 * locale itself when it is one, else the default locale of its language.
 *
 * @example
 * localeOfTag("de-AT"); // "de_AT"
 * localeOfTag("en-GB"); // "en_US"
 */
export const localeOfTag = (tag: string): Locale => {
  const underscored = tag.replace("-", "_");
  return isLocale(underscored) ? underscored : languageToLocale(uiLanguage(tag));
};

/**
 * The locale of a request's page: `kc_locale` (an explicit link), then the
 * CAS_PREFERRED_LANGUAGE cookie, then the first of `ui_locales`, else de_DE (spec: the
 * default and fallback). The cookie comes before `ui_locales` as Keycloak's locale cookie
 * does: only a language switch (the app's or these pages') sets it, so it is the person's
 * own choice, and a switch on a sign-in page must win over what the app asked for when it
 * started the sign-in.
 *
 * @example
 * pageLocale({ uiLocales: "fr en" }, undefined); // "fr_FR"
 * pageLocale({ uiLocales: "fr" }, "CAS_PREFERRED_LANGUAGE=en_US"); // "en_US"
 */
export const pageLocale = (
  params: { readonly kcLocale?: unknown; readonly uiLocales?: unknown },
  cookieHeader: string | undefined,
): Locale => {
  if (typeof params.kcLocale === "string" && params.kcLocale) return localeOfTag(params.kcLocale);
  const cookie = parseLanguageCookie(cookieHeader);
  if (cookie) return cookie;
  if (typeof params.uiLocales === "string" && params.uiLocales.trim()) {
    return localeOfTag(params.uiLocales.trim().split(/\s+/)[0] ?? "");
  }
  return DEFAULT_LOCALE;
};

/**
 * The language whose texts a request's page shows (see {@link pageLocale}).
 *
 * @example
 * pageLanguage({}, "CAS_PREFERRED_LANGUAGE=fr_LU"); // "fr"
 */
export const pageLanguage = (
  params: { readonly kcLocale?: unknown; readonly uiLocales?: unknown },
  cookieHeader: string | undefined,
): PageLanguage => uiLanguage(pageLocale(params, cookieHeader));
