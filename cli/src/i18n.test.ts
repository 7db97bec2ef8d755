import { describe, expect, it } from "vitest";
import { CLI_LANGUAGES, catalogues } from "./i18n.js";

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
