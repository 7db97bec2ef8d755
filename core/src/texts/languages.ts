/** The languages the catalogue is written in (de-AT and fr-LU read de and fr). */
export const TEXT_LANGUAGES = ["de", "en", "fr"] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];
