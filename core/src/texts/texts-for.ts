/**
 * i18next on Node: one initialised instance per language over the whole catalogue, so the CLI,
 * the provider pages and the mails word their texts the way the web app does (same format,
 * same `{{name}}` parameters, same `$t(ns:key)` nesting).
 */
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { CATALOGUE, NAMESPACES } from "./catalogue.js";
import type { TextLanguage } from "./languages.js";

const instances = new Map<TextLanguage, I18n>();

const create = (language: TextLanguage): I18n => {
  const instance = createInstance();
  // The resources are in memory, so init runs synchronously (initAsync: false).
  void instance.init({
    resources: CATALOGUE,
    lng: language,
    // Every language carries every key (the parity test), so no fallback may hide a gap.
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: false,
    initAsync: false,
    // Each surface escapes for its output itself: the provider pages' and mails' HTML builders
    // escape every interpolated value, a terminal and a text mail need none.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
};

/**
 * The i18next instance of one language (created once, then shared).
 *
 * @example
 * textsFor("fr").t("cli:common.yes"); // "oui"
 */
export const textsFor = (language: TextLanguage): I18n => {
  const known = instances.get(language);
  if (known) return known;
  const instance = create(language);
  instances.set(language, instance);
  return instance;
};

/** A text's parameters: `{{name}}` in a text takes `params.name`. */
export type TextParams = Readonly<Record<string, string | number>>;

/** The `t` of one language, every namespace reachable as `ns:key`. */
export type Texts = TFunction;
