import { describe, expect, it } from "vitest";
import { TEXTS } from "./texts.js";

// Every language has every text of the pages (the types say so too; this also catches an
// empty one) with the same `{name}` parameters.
describe("the provider pages' texts in de, en and fr", () => {
  const parameters = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it("have the same keys in every language, none empty", () => {
    const keys = Object.keys(TEXTS.de).sort();
    for (const language of ["en", "fr"] as const) {
      expect(Object.keys(TEXTS[language]).sort()).toEqual(keys);
    }
    for (const texts of Object.values(TEXTS)) {
      for (const [key, text] of Object.entries(texts)) expect(text.trim(), key).not.toBe("");
    }
  });

  it("use the same parameters in every language", () => {
    for (const key of Object.keys(TEXTS.de) as (keyof typeof TEXTS.de)[]) {
      expect(parameters(TEXTS.en[key]), key).toEqual(parameters(TEXTS.de[key]));
      expect(parameters(TEXTS.fr[key]), key).toEqual(parameters(TEXTS.de[key]));
    }
  });
});
