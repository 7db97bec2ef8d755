import { loadErrorTexts, loadSharedTexts } from "@portal/core";
import type { ResourceKey } from "i18next";

/** Interface languages with their own texts; de-AT and fr-LU fall back to de and fr. */
export const LANGUAGES = ["de", "en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language whose texts fill gaps in the others (and serve de-AT). */
export const FALLBACK_LANGUAGE: Language = "de";

/**
 * Every namespace: src/locales/{lng}/{ns}.json (account.json belongs to the account pages),
 * but core's catalogues (core/src/texts): `errors`, and `shared`, the messages the CLI, the
 * provider's pages or the mails show too. The app's own files never restate a shared text:
 * a component reads `shared:Key`, a key the app computes (menu items, page titles, field
 * names of core's rules) keeps its place and nests it (`"$t(shared:Key)"`).
 */
export const NAMESPACES = [
  "common",
  "validation",
  "errors",
  "shared",
  "public",
  "account",
] as const;

/** The namespaces core holds; the rest are the app's own files. */
export const CORE_NAMESPACES: ReadonlyArray<Namespace> = ["errors", "shared"];
export type Namespace = (typeof NAMESPACES)[number];

// One lazy chunk per language and namespace: only the chosen language is downloaded.
// This module has no i18next at run time, so the boot script can start the downloads
// before the app's own chunk has arrived.
const loaders = import.meta.glob<ResourceKey>("../locales/*/*.json", { import: "default" });

/** The texts of one namespace in one language (a dynamic import: loaded once, then cached). */
export const loadNamespace = async (lng: string, ns: string): Promise<ResourceKey> => {
  const language = LANGUAGES.find((l) => l === lng);
  if (ns === "errors" && language) return loadErrorTexts(language);
  if (ns === "shared" && language) return loadSharedTexts(language);
  const load = loaders[`../locales/${lng}/${ns}.json`];
  if (!load) throw new Error(`no texts for ${lng}/${ns}`);
  return load();
};

/** The text languages a tag reads from, as i18next resolves them: de-AT -> de, fr-LU -> fr, de. */
export const textLanguages = (tag: string): ReadonlyArray<Language> => {
  const own = LANGUAGES.find((l) => l === tag.split("-")[0]?.toLowerCase()) ?? FALLBACK_LANGUAGE;
  return own === FALLBACK_LANGUAGE ? [own] : [own, FALLBACK_LANGUAGE];
};

/**
 * Starts downloading every namespace `createI18n(tag)` will read, so they travel beside
 * the app's code rather than after it. Resolves when all are there.
 *
 * @example
 * void preloadTexts("fr-LU"); // fr and its fallback de
 */
export const preloadTexts = (tag: string): Promise<unknown> =>
  Promise.all(textLanguages(tag).flatMap((lng) => NAMESPACES.map((ns) => loadNamespace(lng, ns))));
