import { type Locale, SHARED_TEXTS } from "@portal/core";

/**
 * The language switch's options: each locale's name in its own language, from core's shared
 * catalogue (the app's switch shows the same names), and its `lang` attribute.
 */
export const LOCALE_NAMES: Readonly<
  Record<Locale, { readonly name: string; readonly lang: string }>
> = {
  de_DE: { name: SHARED_TEXTS.de.Language.de_DE, lang: "de" },
  de_AT: { name: SHARED_TEXTS.de.Language.de_AT, lang: "de-AT" },
  en_US: { name: SHARED_TEXTS.en.Language.en_US, lang: "en" },
  fr_FR: { name: SHARED_TEXTS.fr.Language.fr_FR, lang: "fr" },
  fr_LU: { name: SHARED_TEXTS.fr.Language.fr_LU, lang: "fr-LU" },
};
