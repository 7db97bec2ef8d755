/**
 * The drift check for core's shared messages: finds the texts of a surface's own catalogue
 * (the web's locale files, the provider's page texts, the mails', the CLI's) that restate a
 * shared message word for word, so each surface's test can fail on a copy that would drift.
 */

import type { TextLanguage } from "../texts/error-texts.js";
import { SHARED_TEXTS } from "../texts/shared-texts.js";

/** A surface text that repeats a shared message. */
export interface Restatement {
  /** The surface's key, as a dotted path. */
  readonly key: string;
  readonly text: string;
  /** The shared message it repeats. */
  readonly sharedKey: string;
}

/** Every leaf of a catalogue as [dotted key, text]. */
export const catalogueLeaves = (value: unknown, prefix = ""): Array<[string, string]> =>
  value !== null && typeof value === "object"
    ? Object.entries(value).flatMap(([k, v]) => catalogueLeaves(v, prefix ? `${prefix}.${k}` : k))
    : typeof value === "string"
      ? [[prefix, value]]
      : [];

/**
 * The texts of `catalogue` (one language of a surface) equal to a shared message of that
 * language, but the keys `coincidences` lists: a different message that happens to read the
 * same in some language (each with the reason it is not the shared one).
 *
 * @example
 * restatedSharedTexts("en", { footer: { legal: "Legal notice" } }); // [{ key: "footer.legal", text: "Legal notice", sharedKey: "Layout.legalNotice" }]
 */
export const restatedSharedTexts = (
  language: TextLanguage,
  catalogue: unknown,
  coincidences: Readonly<Record<string, string>> = {},
): Restatement[] => {
  const shared = new Map(
    catalogueLeaves(SHARED_TEXTS[language])
      .reverse()
      .map(([key, text]) => [text.trim(), key]),
  );
  return catalogueLeaves(catalogue).flatMap(([key, text]) => {
    const sharedKey = shared.get(text.trim());
    return sharedKey === undefined || Object.hasOwn(coincidences, key)
      ? []
      : [{ key, text, sharedKey }];
  });
};
