import { createInstance, type i18n as I18n, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  loadNamespace,
  NAMESPACES,
  type Namespace,
} from "./texts.js";

/**
 * Creates and initialises the i18next instance for `language` (a tag such as de, de-AT,
 * en, fr, fr-LU), with `namespaces` loaded before it resolves (the app: the first page's,
 * `firstPageNamespaces`; the others load with their routes, `i18n.loadNamespaces`; a
 * language switch loads every namespace loaded so far in the new language).
 *
 * @example
 * const i18n = await createI18n("fr-LU", ["common", "shared"]); i18n.t("shared:Layout.legalNotice");
 */
export async function createI18n(
  language: string,
  namespaces: ReadonlyArray<Namespace> = NAMESPACES,
): Promise<I18n> {
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
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: "languageOnly",
      ns: [...namespaces],
      defaultNS: "common",
      // React escapes output itself; HTML from texts is only rendered through DOMPurify.
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  return instance;
}
