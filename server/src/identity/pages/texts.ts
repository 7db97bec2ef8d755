import { parseLanguageCookie, uiLanguage } from "@portal/core";
import type { LoginTexts } from "./login-texts.js";
import { de } from "./texts-de.js";
import { en } from "./texts-en.js";
import { fr } from "./texts-fr.js";

export type { LoginTexts } from "./login-texts.js";

/** Languages the pages are written in. */
export type PageLanguage = "de" | "en" | "fr";

export const TEXTS: Readonly<Record<PageLanguage, LoginTexts>> = { de, en, fr };

/**
 * Fills `{name}` parameters of a text.
 *
 * @example
 * format("wait {seconds} s", { seconds: 60 }); // "wait 60 s"
 */
export const format = (text: string, params: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));

/**
 * The page language of a request: `kc_locale`, then the first of `ui_locales`, then the
 * CAS_PREFERRED_LANGUAGE cookie, else German (spec: de_DE is default and fallback).
 *
 * @example
 * pageLanguage({ uiLocales: "fr en" }, undefined); // "fr"
 */
export const pageLanguage = (
  params: { readonly kcLocale?: unknown; readonly uiLocales?: unknown },
  cookieHeader: string | undefined,
): PageLanguage => {
  if (typeof params.kcLocale === "string" && params.kcLocale) return uiLanguage(params.kcLocale);
  if (typeof params.uiLocales === "string" && params.uiLocales.trim()) {
    const first = params.uiLocales.trim().split(/\s+/)[0];
    return uiLanguage(first);
  }
  const cookie = parseLanguageCookie(cookieHeader);
  return cookie ? uiLanguage(cookie) : "de";
};
