/**
 * Loads one language of the shared messages on demand (the web app's `shared` namespace):
 * each language is a lazy chunk, so none of them weighs on the first page.
 */
import type { TextLanguage } from "./error-texts.js";
import type { SharedTexts } from "./shared-texts.js";

const loaders: Record<TextLanguage, () => Promise<{ default: SharedTexts }>> = {
  de: () => import("./de/shared.json"),
  en: () => import("./en/shared.json"),
  fr: () => import("./fr/shared.json"),
};

/** One language's shared messages (a dynamic import: downloaded once, then cached). */
export const loadSharedTexts = async (language: TextLanguage): Promise<SharedTexts> =>
  (await loaders[language]()).default;
