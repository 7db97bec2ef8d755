import { createInstance, type i18n as I18n, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";

/** Interface languages with their own texts; de-AT and fr-LU fall back to de and fr. */
export const LANGUAGES = ["de", "en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Every namespace under src/locales/{lng}/ (account.json belongs to the account pages). */
export const NAMESPACES = ["common", "validation", "errors", "public", "account"] as const;
export type Namespace = (typeof NAMESPACES)[number];

// One lazy chunk per language and namespace: only the chosen language is downloaded.
const loaders = import.meta.glob<ResourceKey>("../locales/*/*.json", { import: "default" });

const loadNamespace = async (lng: string, ns: string): Promise<ResourceKey> => {
  const load = loaders[`../locales/${lng}/${ns}.json`];
  if (!load) throw new Error(`no texts for ${lng}/${ns}`);
  return load();
};

/**
 * Creates and initialises the i18next instance for `language` (a tag such as de, de-AT,
 * en, fr, fr-LU), with every namespace loaded before it resolves.
 *
 * @example
 * const i18n = await createI18n("fr-LU"); i18n.t("common:footer.legalNotice");
 */
export async function createI18n(language: string): Promise<I18n> {
  const instance = createInstance();
  await instance
    .use(initReactI18next)
    .use({
      type: "backend",
      init: () => undefined,
      read: (lng: string, ns: string, done: (e: unknown, data?: ResourceKey) => void) => {
        loadNamespace(lng, ns).then(
          (data) => done(null, data),
          (e: unknown) => done(e),
        );
      },
    })
    .init({
      lng: language,
      fallbackLng: "de",
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: "languageOnly",
      ns: [...NAMESPACES],
      defaultNS: "common",
      // React escapes output itself; HTML from texts is only rendered through DOMPurify.
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  return instance;
}
