import { loadTexts, type RouteDefinition, WEB_NAMESPACES } from "@portal/core";
import type { ResourceKey } from "i18next";

/** Interface languages with their own texts; de-AT and fr-LU fall back to de and fr. */
export const LANGUAGES = ["de", "en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language whose texts fill gaps in the others (and serve de-AT). */
export const FALLBACK_LANGUAGE: Language = "de";

/**
 * Every namespace the app reads, all from core's one catalogue (core/src/texts/<lng>/<ns>.json):
 * `errors` and `shared` the CLI, the provider's pages and the mails read too; the app's own
 * (account belongs to the account pages) nest a shared text rather than restate it
 * (`"$t(shared:Key)"`).
 */
export const NAMESPACES = WEB_NAMESPACES;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * What the shell reads on every page (header, menu, footer, loading state, page titles):
 * loaded with the first page, whichever it is.
 */
export const SHELL_NAMESPACES = ["common", "shared"] as const satisfies ReadonlyArray<Namespace>;

/**
 * The texts of each part's own pages, by route access (the build puts each in a chunk of
 * its own: vite.config.ts).
 */
export const PART_NAMESPACES = {
  public: "public",
  protected: "account",
} as const satisfies Record<RouteDefinition["access"], Namespace>;

/**
 * The namespaces a route's page reads besides the shell's: its own pages' texts (public
 * or account), its forms' messages (validation) and its failures (errors). An address
 * outside the route table shows the not-found page, which reads only the shell's. The
 * other pages' texts come with their routes (routes.tsx), never with the first page.
 *
 * @example
 * routeNamespaces(routeByName("profile")); // ["account", "validation", "errors"]
 */
export const routeNamespaces = (
  route: Pick<RouteDefinition, "access"> | null | undefined,
): ReadonlyArray<Namespace> => {
  if (!route) return [];
  return [PART_NAMESPACES[route.access], "validation", "errors"];
};

/**
 * What the first page at a route needs before it renders: the shell's and the route's.
 *
 * @example
 * firstPageNamespaces(routeByName("register")); // ["common", "shared", "public", "validation", "errors"]
 */
export const firstPageNamespaces = (
  route: Pick<RouteDefinition, "access"> | null | undefined,
): ReadonlyArray<Namespace> => [...SHELL_NAMESPACES, ...routeNamespaces(route)];

// This module has no i18next at run time, so the boot script can start the downloads
// before the app's own chunk has arrived; each (language, namespace) is its own lazy chunk.

/** The texts of one namespace in one language (a dynamic import: loaded once, then cached). */
export const loadNamespace = async (lng: string, ns: string): Promise<ResourceKey> => {
  const language = LANGUAGES.find((l) => l === lng);
  const namespace = NAMESPACES.find((n) => n === ns);
  if (!language || !namespace) throw new Error(`no texts for ${lng}/${ns}`);
  return (await loadTexts(language, namespace)) as ResourceKey;
};

/** The text languages a tag reads from, as i18next resolves them: de-AT -> de, fr-LU -> fr, de. */
export const textLanguages = (tag: string): ReadonlyArray<Language> => {
  const own = LANGUAGES.find((l) => l === tag.split("-")[0]?.toLowerCase()) ?? FALLBACK_LANGUAGE;
  return own === FALLBACK_LANGUAGE ? [own] : [own, FALLBACK_LANGUAGE];
};

/**
 * Starts downloading the namespaces `createI18n(tag, namespaces)` will read, so they
 * travel beside the app's code rather than after it. Resolves when all are there.
 *
 * @example
 * void preloadTexts("fr-LU", firstPageNamespaces(route)); // in fr and its fallback de
 */
export const preloadTexts = (tag: string, namespaces: ReadonlyArray<Namespace>): Promise<unknown> =>
  Promise.all(textLanguages(tag).flatMap((lng) => namespaces.map((ns) => loadNamespace(lng, ns))));
