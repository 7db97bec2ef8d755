import { SHARED_TEXTS } from "@portal/core";
import { restatedSharedTexts } from "@portal/core/testing";
import { describe, expect, it } from "vitest";
import { CLI_LANGUAGES, catalogues, translator } from "./i18n.js";
import { de } from "./locales/de.js";
import { en } from "./locales/en.js";
import { fr } from "./locales/fr.js";
import { helpDe } from "./locales/help.de.js";
import { helpEn } from "./locales/help.en.js";
import { helpFr } from "./locales/help.fr.js";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the catalogues: messages and help texts in de, en and fr", () => {
  it.each(CLI_LANGUAGES)("%s has exactly en's keys, none empty", (language) => {
    const catalogue = catalogues[language];
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(catalogues.en).sort());
    for (const [key, text] of Object.entries(catalogue))
      expect({ key, empty: text.trim() === "" }).toEqual({ key, empty: false });
  });

  it.each(CLI_LANGUAGES)("%s uses the same placeholders as en in every text", (language) => {
    for (const [key, text] of Object.entries(catalogues.en))
      expect({
        key,
        params: placeholders(catalogues[language][key as keyof typeof catalogues.en]),
      }).toEqual({
        key,
        params: placeholders(text),
      });
  });
});

/** The CLI's own words that read like a shared message in some language, and why. */
const COINCIDENCES = {
  "mfa.AUTHENTICATOR_APP":
    "a factor inside a sentence-like list (lower case in en and fr), no title",
  "membership.mitgliedskennung":
    "support staff read the association's own term beside the translation",
} as const;

describe("the CLI's own catalogues restate no shared message of core (issue 17)", () => {
  it.each([
    ["de", { ...de, ...helpDe }],
    ["en", { ...en, ...helpEn }],
    ["fr", { ...fr, ...helpFr }],
  ] as const)("%s", (language, own) =>
    expect(restatedSharedTexts(language, own, COINCIDENCES)).toEqual([]),
  );

  it.each(CLI_LANGUAGES)("%s: its tables' shared labels are core's", (language) =>
    expect(translator(language).t("membership.personalPassword")).toBe(
      SHARED_TEXTS[language].Fields.personalPassword,
    ),
  );
});
