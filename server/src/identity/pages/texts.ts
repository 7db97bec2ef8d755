import {
  DEFAULT_LOCALE,
  ERROR_TEXTS,
  isLocale,
  type Locale,
  languageToLocale,
  parseLanguageCookie,
  SHARED_TEXTS,
  uiLanguage,
} from "@portal/core";
import type { LoginTexts, OwnTexts } from "./login-texts.js";
import { de } from "./texts-de.js";
import { en } from "./texts-en.js";
import { fr } from "./texts-fr.js";

export type { LoginTexts } from "./login-texts.js";

/** Languages the pages are written in. */
export type PageLanguage = "de" | "en" | "fr";

/**
 * A language's own texts with core's: a failure reads as the app's failure dialog, and the
 * page frame, sign-in and factor names read as the app's (one text per language in the repo).
 */
const withShared = (own: OwnTexts, language: PageLanguage): LoginTexts => {
  const { Layout, Session, Actions, Fields, SecondFactor, Language } = SHARED_TEXTS[language];
  return {
    ...own,
    errorTitle: ERROR_TEXTS[language].Dialog.Failed.Header,
    errorText: ERROR_TEXTS[language].Dialog.Failed.Message,
    skipToContent: Layout.skipToContent,
    moreLinksLabel: Layout.moreLinks,
    faq: Layout.faq,
    signUp: Layout.signUp,
    legalNotice: Layout.legalNotice,
    copyright: Layout.copyright,
    languageLabel: Language.label,
    loginTitle: Session.signInTitle,
    signIn: Session.signIn,
    logoutTitle: Session.signOutTitle,
    logoutYes: Session.signOut,
    email: Fields.email,
    password: Fields.password,
    cancel: Actions.cancel,
    deviceAbort: Actions.cancel,
    save: Actions.save,
    factorApp: SecondFactor.app,
    factorEmail: SecondFactor.email,
    totpTitle: SecondFactor.setUpApp,
    emailOtpTitle: SecondFactor.setUpEmail,
  };
};

export const TEXTS: Readonly<Record<PageLanguage, LoginTexts>> = {
  de: withShared(de, "de"),
  en: withShared(en, "en"),
  fr: withShared(fr, "fr"),
};

/**
 * Fills `{name}` parameters of a text.
 *
 * @example
 * format("wait {seconds} s", { seconds: 60 }); // "wait 60 s"
 */
export const format = (text: string, params: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));

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
