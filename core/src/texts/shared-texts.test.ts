import { describe, expect, it } from "vitest";
import { LOCALE_CHOICES } from "../locales.js";
import { catalogueLeaves, restatedSharedTexts } from "../testing/restated-shared-texts.js";
import { fillText } from "./catalogue-text.js";
import { ERROR_TEXTS, TEXT_LANGUAGES } from "./error-texts.js";
import { loadSharedTexts } from "./load-shared-texts.js";
import { SHARED_TEXTS, sharedText } from "./shared-texts.js";

// Core's catalogue files by name; tests/src/text-catalogues.test.ts checks that each language
// folder holds exactly these.
const CATALOGUES = { "errors.json": ERROR_TEXTS, "shared.json": SHARED_TEXTS } as const;
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("every catalogue file of core in de, en and fr (spec section 1)", () => {
  it.each(Object.keys(CATALOGUES) as Array<keyof typeof CATALOGUES>)(
    "%s has de's keys, placeholders and no empty text in en and fr",
    (file) => {
      const de = new Map(catalogueLeaves(CATALOGUES[file].de));
      for (const language of TEXT_LANGUAGES) {
        const leaves = catalogueLeaves(CATALOGUES[file][language]);
        expect({ language, keys: leaves.map(([k]) => k).sort() }).toEqual({
          language,
          keys: [...de.keys()].sort(),
        });
        for (const [key, text] of leaves)
          expect({ language, key, empty: text.trim() === "", params: placeholders(text) }).toEqual({
            language,
            key,
            empty: false,
            params: placeholders(de.get(key) ?? ""),
          });
      }
    },
  );
});

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

describe("restatedSharedTexts (each surface's drift test)", () => {
  const surface = {
    footer: { legal: "Mentions légales", own: "Plan du site" },
    title: "Connexion",
  };

  it("finds a surface text that repeats a shared message of its language", () =>
    expect(restatedSharedTexts("fr", surface)).toEqual([
      { key: "footer.legal", text: "Mentions légales", sharedKey: "Layout.legalNotice" },
      { key: "title", text: "Connexion", sharedKey: "Session.signInTitle" },
    ]));

  it("compares within one language only", () =>
    expect(restatedSharedTexts("de", surface)).toEqual([]));

  it("lets a listed coincidence be (a different message worded alike)", () =>
    expect(
      restatedSharedTexts("fr", surface, { title: "the device page's heading, not sign-in" }),
    ).toEqual([
      { key: "footer.legal", text: "Mentions légales", sharedKey: "Layout.legalNotice" },
    ]));
});
