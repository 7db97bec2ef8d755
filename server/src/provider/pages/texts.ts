import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  languageToLocale,
  parseLanguageCookie,
  uiLanguage,
} from "@portal/core";
import { type Catalogue, type TextParams, textsFor } from "@portal/core/texts";

/** Languages the pages are written in. */
export type PageLanguage = "de" | "en" | "fr";

/** The sections of the catalogue's `provider` namespace (core/src/texts/<lng>/provider.json). */
export type ProviderSection = keyof Catalogue["provider"];

/** The `page` section: every text of the pages but the feature sections' (copy, passkey, ...). */
export type LoginTexts = Catalogue["provider"]["page"];

const sections = new Map<string, unknown>();

/**
 * One section of the pages' words in one language, read by i18next as an object (the texts
 * the app, the CLI or the mails show too nest core's shared ones, `$t(shared:Session.signIn)`),
 * once per language and section. A text with `{{name}}` parameters is read by its key
 * through {@link providerText} instead, so i18next fills them.
 *
 * @example
 * providerTexts("fr", "copy").copyKey; // "Copier la clé"
 */
export const providerTexts = <S extends ProviderSection>(
  language: PageLanguage,
  section: S,
): Catalogue["provider"][S] => {
  const id = `${language}:${section}`;
  if (!sections.has(id))
    sections.set(id, textsFor(language).t(section, { ns: "provider", returnObjects: true }));
  return sections.get(id) as Catalogue["provider"][S];
};

/**
 * One text of the `provider` namespace by its key (`section.key`), `{{name}}` parameters
 * filled by i18next.
 *
 * @example
 * providerText("en", "page.lockedOut", { seconds: 60 });
 */
export const providerText = (
  language: PageLanguage,
  key: string,
  params: TextParams = {},
): string => textsFor(language).t(`provider:${key}`, params);

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
