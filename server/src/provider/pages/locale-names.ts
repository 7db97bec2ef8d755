import { type Locale, uiLanguage } from "@portal/core";
import { textsFor } from "@portal/core/texts";

const LANG: Readonly<Record<Locale, string>> = {
  de_DE: "de",
  de_AT: "de-AT",
  en_US: "en",
  fr_FR: "fr",
  fr_LU: "fr-LU",
};

/**
 * The language switch's options: each locale's name in its own language, from core's shared
 * catalogue (the app's switch shows the same names), and its `lang` attribute.
 */
export const LOCALE_NAMES = Object.fromEntries(
  Object.entries(LANG).map(([locale, lang]) => [
    locale,
    { name: textsFor(uiLanguage(locale)).t(`shared:Language.${locale}`), lang },
  ]),
) as Readonly<Record<Locale, { readonly name: string; readonly lang: string }>>;
