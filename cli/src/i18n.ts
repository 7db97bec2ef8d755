import type { ErrorCode } from "@portal/contracts";
import { ERROR_TEXTS, errorText, SHARED_TEXTS } from "@portal/core";
import { de } from "./locales/de.js";
import { type MessageKey as CliMessageKey, en } from "./locales/en.js";
import { fr } from "./locales/fr.js";
import { helpDe } from "./locales/help.de.js";
import { type HelpKey, helpEn } from "./locales/help.en.js";
import { helpFr } from "./locales/help.fr.js";

/**
 * The CLI's table labels whose words are core's shared messages (the web app and the
 * provider's pages show them too), so they exist once per language in the repo.
 */
const fromShared = (language: CliLanguage) => {
  const { Fields } = SHARED_TEXTS[language];
  return {
    "person.memberNumber": Fields.memberNumber,
    "person.companyName": Fields.company,
    "membership.memberNumber": Fields.memberNumber,
    "membership.personalPassword": Fields.personalPassword,
    "membership.generalPassword": Fields.generalPassword,
  } as const;
};

/** A key of the CLI's catalogues: its messages, its `--help` texts and core's shared labels. */
export type MessageKey = CliMessageKey | HelpKey | keyof ReturnType<typeof fromShared>;

/** The languages the CLI speaks. */
export const CLI_LANGUAGES = ["de", "en", "fr"] as const;
export type CliLanguage = (typeof CLI_LANGUAGES)[number];

/** Parameters of a message: `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** A message to be worded later, in the user's language. */
export interface Message {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

/**
 * Words a message key in one language: the CLI's own messages, and through core's shared
 * catalogue the error codes and dialog words the web app and the provider's pages show too.
 */
export interface Translator {
  readonly language: CliLanguage;
  t(key: MessageKey, params?: MessageParams): string;
  /** The text of `HttpErrorMessages.{code}` (spec section 8), from core's shared catalogue. */
  httpError(code: ErrorCode): string;
  /** A text of core's shared error catalogue by its key (`Dialog.Default.Header`), or undefined. */
  shared(key: string, params?: MessageParams): string | undefined;
}

/**
 * Each language's messages, help texts and shared labels; en is the source whose keys the
 * others must carry.
 */
export const catalogues: Record<CliLanguage, Record<MessageKey, string>> = {
  de: { ...de, ...helpDe, ...fromShared("de") },
  en: { ...en, ...helpEn, ...fromShared("en") },
  fr: { ...fr, ...helpFr, ...fromShared("fr") },
};

const fill = (text: string, params: MessageParams = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });

/** The translator for one language. */
export const translator = (language: CliLanguage): Translator => ({
  language,
  t: (key, params) => fill(catalogues[language][key], params),
  httpError: (code) => ERROR_TEXTS[language].HttpErrorMessages[code],
  shared: (key, params) => errorText(ERROR_TEXTS[language], key, params),
});
