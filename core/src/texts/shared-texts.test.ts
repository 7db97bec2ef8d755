import { describe, expect, it } from "vitest";
import { LOCALE_CHOICES } from "../locales.js";
import { fillText } from "./catalogue-text.js";
import { TEXT_LANGUAGES } from "./error-texts.js";
import { loadSharedTexts } from "./load-shared-texts.js";
import { SHARED_TEXTS, sharedText } from "./shared-texts.js";

/** Every leaf of a catalogue as [dotted key, text]. */
const catalogueLeaves = (value: unknown, prefix = ""): Array<[string, string]> =>
  value !== null && typeof value === "object"
    ? Object.entries(value).flatMap(([k, v]) => catalogueLeaves(v, prefix ? `${prefix}.${k}` : k))
    : typeof value === "string"
      ? [[prefix, value]]
      : [];

// Keys and placeholders in every language: tests/src/text-catalogues.test.ts.
describe("the shared messages", () => {
  it("name every locale of the language switch, each in its own language, alike in every catalogue", () => {
    for (const language of TEXT_LANGUAGES)
      expect(LOCALE_CHOICES.map((c) => SHARED_TEXTS[language].Language[c.locale])).toEqual([
        "Deutsch (Deutschland)",
        "Deutsch (Österreich)",
        "English (US)",
        "Français (France)",
        "Français (Luxembourg)",
      ]);
  });

  it("are translated: en and fr differ from de but for names and symbols", () => {
    const alike = new Set([
      "Layout.faq",
      "Layout.copyright",
      ...LOCALE_CHOICES.map((c) => `Language.${c.locale}`),
    ]);
    const de = new Map(catalogueLeaves(SHARED_TEXTS.de));
    for (const language of ["en", "fr"] as const)
      expect(
        catalogueLeaves(SHARED_TEXTS[language])
          .filter(([key, text]) => !alike.has(key) && text === de.get(key))
          .map(([key]) => key),
      ).toEqual([]);
  });

  it.each(TEXT_LANGUAGES)("%s loads lazily as the same texts", async (language) =>
    expect(await loadSharedTexts(language)).toEqual(SHARED_TEXTS[language]),
  );

  it("are read by key with parameters filled", () => {
    expect(
      sharedText(SHARED_TEXTS.fr, "Layout.copyright", { year: 2026, association: "Verein" }),
    ).toBe("© 2026 Verein");
    expect(sharedText(SHARED_TEXTS.fr, "Layout")).toBeUndefined();
    expect(sharedText(SHARED_TEXTS.fr, "constructor")).toBeUndefined();
    expect(fillText("{{a}} {{ b }} {{c}}", { a: 1, b: "x" })).toBe("1 x {{c}}");
  });
});
