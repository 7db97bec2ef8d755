import { describe, expect, it } from "vitest";
import { textLanguages } from "./texts.js";

describe("text languages a tag reads from (as i18next resolves them)", () => {
  it.each([
    ["de", ["de"]],
    ["de-AT", ["de"]],
    ["en", ["en", "de"]],
    ["fr-LU", ["fr", "de"]],
    ["it", ["de"]],
  ])("%s reads %j", (tag, languages) => expect(textLanguages(tag)).toEqual(languages));
});
