import type { Locale } from "@portal/core";

/**
 * The language switch's option names, each in its own language (as in the app's
 * `language.*` texts, which are the same in every catalogue).
 */
export const LOCALE_NAMES: Readonly<
  Record<Locale, { readonly name: string; readonly lang: string }>
> = {
  de_DE: { name: "Deutsch (Deutschland)", lang: "de" },
  de_AT: { name: "Deutsch (Österreich)", lang: "de-AT" },
  en_US: { name: "English (US)", lang: "en" },
  fr_FR: { name: "Français (France)", lang: "fr" },
  fr_LU: { name: "Français (Luxembourg)", lang: "fr-LU" },
};
