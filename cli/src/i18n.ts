import type { ErrorCode } from "@portal/contracts";
import { type Catalogue, textsFor } from "@portal/core/texts";

/**
 * A key of the CLI's two namespaces of core's catalogue (core/src/texts/<lng>/cli.json and
 * help.json): its messages, its `--help` texts; its tables' labels that the web app and the
 * provider pages show too nest core's shared messages (`$t(shared:Fields.company)`).
 */
export type MessageKey = keyof Catalogue["cli"] | keyof Catalogue["help"];

/** The languages the CLI speaks. */
export const CLI_LANGUAGES = ["de", "en", "fr"] as const;
export type CliLanguage = (typeof CLI_LANGUAGES)[number];

/** Parameters of a message: `{{name}}` placeholders. */
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

/** The CLI's namespaces, searched in this order. */
export const CLI_NAMESPACES = ["cli", "help"] as const;

/** The translator for one language: i18next over core's catalogue. */
export const translator = (language: CliLanguage): Translator => {
  const i18n = textsFor(language);
  return {
    language,
    t: (key, params) => i18n.t(key, { ...params, ns: [...CLI_NAMESPACES] }),
    httpError: (code) => i18n.t(`HttpErrorMessages.${code}`, { ns: "errors" }),
    // A branch of the catalogue is no text: only a string leaf is worded.
    shared: (key, params) => {
      if (!i18n.exists(key, { ns: "errors" })) return undefined;
      const text: unknown = i18n.t(key, { ...params, ns: "errors", returnObjects: true });
      return typeof text === "string" ? text : undefined;
    },
  };
};
