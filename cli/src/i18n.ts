import type { ErrorCode } from "@portal/contracts";
import { de } from "./locales/de.js";
import { type MessageKey as CliMessageKey, en } from "./locales/en.js";
import { fr } from "./locales/fr.js";
import { helpDe } from "./locales/help.de.js";
import { type HelpKey, helpEn } from "./locales/help.en.js";
import { helpFr } from "./locales/help.fr.js";
import { httpErrorsDe } from "./locales/http-errors.de.js";
import { httpErrorsEn } from "./locales/http-errors.en.js";
import { httpErrorsFr } from "./locales/http-errors.fr.js";

/** A key of the CLI's catalogues: its messages and its `--help` texts. */
export type MessageKey = CliMessageKey | HelpKey;

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

/** Words a message key (or an error code of the catalogue) in one language. */
export interface Translator {
  readonly language: CliLanguage;
  t(key: MessageKey, params?: MessageParams): string;
  /** True when the catalogue has the key (keys from core are plain strings). */
  known(key: string): key is MessageKey;
  /** The text of `HttpErrorMessages.{code}` (spec section 8). */
  httpError(code: ErrorCode): string;
}

/** Each language's messages and help texts; en is the source whose keys the others must carry. */
export const catalogues: Record<CliLanguage, Record<MessageKey, string>> = {
  de: { ...de, ...helpDe },
  en: { ...en, ...helpEn },
  fr: { ...fr, ...helpFr },
};
const httpErrors: Record<CliLanguage, Record<ErrorCode, string>> = {
  de: httpErrorsDe,
  en: httpErrorsEn,
  fr: httpErrorsFr,
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
  known: (key): key is MessageKey => Object.hasOwn(catalogues.en, key),
  httpError: (code) => httpErrors[language][code],
});
