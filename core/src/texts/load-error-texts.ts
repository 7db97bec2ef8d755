/**
 * Loads one language of the error catalogue on demand: the browser's way in, so each
 * language is a lazy chunk of its own and none of them weighs on the first page.
 */
import type { ErrorTexts, TextLanguage } from "./error-texts.js";

const loaders: Record<TextLanguage, () => Promise<{ default: ErrorTexts }>> = {
  de: () => import("./de/errors.json"),
  en: () => import("./en/errors.json"),
  fr: () => import("./fr/errors.json"),
};

/** One language's error texts (a dynamic import: downloaded once, then cached). */
export const loadErrorTexts = async (language: TextLanguage): Promise<ErrorTexts> =>
  (await loaders[language]()).default;
