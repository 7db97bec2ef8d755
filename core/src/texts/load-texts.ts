/**
 * Loads one namespace of one language of the catalogue on demand: the browser's way in.
 * Each (language, namespace) is a lazy chunk of its own, so only the chosen language is
 * downloaded and none of it weighs on the first page's JS.
 */
import type { TextLanguage } from "./languages.js";

/** The namespaces the web app reads (the CLI's, the provider pages' and the mails' stay on the server). */
export const WEB_NAMESPACES = [
  "common",
  "validation",
  "errors",
  "shared",
  "public",
  "account",
] as const;
export type WebNamespace = (typeof WEB_NAMESPACES)[number];

type Loader = () => Promise<{ default: unknown }>;

// Written out (not computed) so every bundler sees each file as its own chunk.
const loaders: Record<TextLanguage, Record<WebNamespace, Loader>> = {
  de: {
    common: () => import("./de/common.json"),
    validation: () => import("./de/validation.json"),
    errors: () => import("./de/errors.json"),
    shared: () => import("./de/shared.json"),
    public: () => import("./de/public.json"),
    account: () => import("./de/account.json"),
  },
  en: {
    common: () => import("./en/common.json"),
    validation: () => import("./en/validation.json"),
    errors: () => import("./en/errors.json"),
    shared: () => import("./en/shared.json"),
    public: () => import("./en/public.json"),
    account: () => import("./en/account.json"),
  },
  fr: {
    common: () => import("./fr/common.json"),
    validation: () => import("./fr/validation.json"),
    errors: () => import("./fr/errors.json"),
    shared: () => import("./fr/shared.json"),
    public: () => import("./fr/public.json"),
    account: () => import("./fr/account.json"),
  },
};

/** One namespace of one language (a dynamic import: downloaded once, then cached). */
export const loadTexts = async (
  language: TextLanguage,
  namespace: WebNamespace,
): Promise<unknown> => (await loaders[language][namespace]()).default;
