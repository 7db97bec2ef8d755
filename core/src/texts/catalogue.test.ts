import { ERROR_CODES } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { FAILED_DIALOG_HEADLINE_KEY } from "../action-failure-dialog.js";
import { DEFAULT_DIALOG_BUTTON_KEY, DEFAULT_DIALOG_HEADLINE_KEY } from "../http-errors.js";
import { LOCALE_CHOICES } from "../locales.js";
import { CATALOGUE } from "./catalogue.js";
import { TEXT_LANGUAGES } from "./languages.js";
import { loadTexts } from "./load-texts.js";
import { textsFor } from "./texts-for.js";

/** Every leaf of a namespace as [dotted key, text]. */
const leaves = (value: unknown, prefix = ""): Array<[string, string]> =>
  value !== null && typeof value === "object"
    ? Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
    : typeof value === "string"
      ? [[prefix, value]]
      : [];

// Same keys and placeholders in every language, no key unused: tests/src/text-catalogues.test.ts.
describe("the errors namespace (spec sections 1 and 8)", () => {
  it.each(TEXT_LANGUAGES)("%s has exactly one text per error code of contracts", (language) => {
    const texts: Record<string, string> = CATALOGUE[language].errors.HttpErrorMessages;
    expect(Object.keys(texts).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERROR_CODES.filter((code) => !texts[code]?.trim())).toEqual([]);
  });

  it("is translated: en and fr differ from de for every error code", () => {
    const de: Record<string, string> = CATALOGUE.de.errors.HttpErrorMessages;
    for (const language of ["en", "fr"] as const) {
      const texts: Record<string, string> = CATALOGUE[language].errors.HttpErrorMessages;
      expect(ERROR_CODES.filter((code) => texts[code] === de[code])).toEqual([]);
    }
  });

  it.each(TEXT_LANGUAGES)("%s has the dialog keys core hands out", (language) => {
    const t = textsFor(language).t;
    for (const key of [
      DEFAULT_DIALOG_HEADLINE_KEY,
      DEFAULT_DIALOG_BUTTON_KEY,
      FAILED_DIALOG_HEADLINE_KEY,
    ])
      expect(textsFor(language).exists(`errors:${key}`)).toBe(true);
    expect(t("errors:Dialog.Default.CorrelationId", { id: "c-1" })).toContain("c-1");
  });
});

describe("the shared namespace", () => {
  it("names every locale of the language switch, each in its own language, alike in every language", () => {
    for (const language of TEXT_LANGUAGES)
      expect(
        LOCALE_CHOICES.map((c) => textsFor(language).t(`shared:Language.${c.locale}`)),
      ).toEqual([
        "Deutsch (Deutschland)",
        "Deutsch (Österreich)",
        "English (US)",
        "Français (France)",
        "Français (Luxembourg)",
      ]);
  });

  it("is translated: en and fr differ from de but for names and symbols", () => {
    const alike = new Set([
      "Layout.faq",
      "Layout.copyright",
      ...LOCALE_CHOICES.map((c) => `Language.${c.locale}`),
    ]);
    const de = new Map(leaves(CATALOGUE.de.shared));
    for (const language of ["en", "fr"] as const)
      expect(
        leaves(CATALOGUE[language].shared)
          .filter(([key, text]) => !alike.has(key) && text === de.get(key))
          .map(([key]) => key),
      ).toEqual([]);
  });
});

describe("textsFor: i18next over the whole catalogue", () => {
  it("fills {{name}} parameters and leaves a missing one as written", () => {
    const t = textsFor("fr").t;
    expect(t("shared:Layout.copyright", { year: 2026, association: "Verein" })).toBe(
      "© 2026 Verein",
    );
    expect(t("errors:Dialog.Default.CorrelationId")).toContain("{{id}}");
  });

  it("resolves a nested text in the reading language", () =>
    expect(textsFor("de").t("common:Menu.logout")).toBe(
      textsFor("de").t("shared:Session.signOut"),
    ));
});

describe("loadTexts: the browser's lazy namespaces", () => {
  it.each(TEXT_LANGUAGES)("%s loads the same texts the catalogue holds", async (language) => {
    expect(await loadTexts(language, "errors")).toEqual(CATALOGUE[language].errors);
    expect(await loadTexts(language, "shared")).toEqual(CATALOGUE[language].shared);
  });
});
