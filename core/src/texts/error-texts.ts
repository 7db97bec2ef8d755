/**
 * The one catalogue of error texts (spec section 8) and the dialog words around them, in
 * de, en and fr: plain data every surface reads (the web app as its `errors` namespace,
 * the CLI, the provider's pages). i18next-shaped: `{{name}}` marks a parameter.
 */
import type { ErrorCode } from "@portal/contracts";
import { catalogueText, type TextParams } from "./catalogue-text.js";
import de from "./de/errors.json";
import en from "./en/errors.json";
import fr from "./fr/errors.json";

/** The languages the catalogue is written in (de-AT and fr-LU read de and fr). */
export const TEXT_LANGUAGES = ["de", "en", "fr"] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** One language's catalogue: a text for every error code, and the dialog's words. */
export interface ErrorTexts {
  readonly HttpErrorMessages: Readonly<Record<ErrorCode, string>>;
  readonly Dialog: {
    readonly Default: {
      readonly Header: string;
      readonly Close: string;
      readonly CorrelationId: string;
      readonly Reload: string;
    };
    readonly Failed: { readonly Header: string; readonly Message: string };
  };
}

// `satisfies` makes a missing code or dialog text a type error in every language.
const catalogues = { de, en, fr } satisfies Record<TextLanguage, ErrorTexts>;

/**
 * Every language's error texts, loaded at once: for Node surfaces (CLI, provider pages).
 * The browser loads one language lazily through {@link loadErrorTexts} instead.
 */
export const ERROR_TEXTS: Readonly<Record<TextLanguage, ErrorTexts>> = catalogues;

/**
 * The text at a dotted key of a catalogue (`Dialog.Failed.Header`,
 * `HttpErrorMessages.INVALID_NAME`), with `{{name}}` parameters filled; undefined when the
 * key names no text.
 *
 * @example
 * errorText(ERROR_TEXTS.en, "Dialog.Default.CorrelationId", { id: "c-1" }); // "Error reference: c-1"
 */
export const errorText = (
  texts: ErrorTexts,
  key: string,
  params: TextParams = {},
): string | undefined => catalogueText(texts, key, params);
