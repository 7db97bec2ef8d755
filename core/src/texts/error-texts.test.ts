import { ERROR_CODES } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { FAILED_DIALOG_HEADLINE_KEY } from "../action-failure-dialog.js";
import { DEFAULT_DIALOG_BUTTON_KEY, DEFAULT_DIALOG_HEADLINE_KEY } from "../http-errors.js";
import { ERROR_TEXTS, errorText, TEXT_LANGUAGES } from "./error-texts.js";
import { loadErrorTexts } from "./load-error-texts.js";

/** Every leaf key as a dotted path. */
const keys = (value: unknown, prefix = ""): string[] =>
  value !== null && typeof value === "object"
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

describe("the error catalogue in de, en and fr (spec sections 1 and 8)", () => {
  it.each(TEXT_LANGUAGES)("%s has exactly de's keys", (language) =>
    expect(keys(ERROR_TEXTS[language]).sort()).toEqual(keys(ERROR_TEXTS.de).sort()),
  );

  it.each(TEXT_LANGUAGES)("%s has exactly one text per error code of contracts", (language) => {
    const codes = Object.keys(ERROR_TEXTS[language].HttpErrorMessages);
    expect(codes.sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES)
      expect({ code, text: ERROR_TEXTS[language].HttpErrorMessages[code].trim() !== "" }).toEqual({
        code,
        text: true,
      });
  });

  it.each(TEXT_LANGUAGES)("%s uses de's placeholders in every text", (language) => {
    for (const key of keys(ERROR_TEXTS.de))
      expect({ key, params: placeholders(errorText(ERROR_TEXTS[language], key) ?? "") }).toEqual({
        key,
        params: placeholders(errorText(ERROR_TEXTS.de, key) ?? ""),
      });
  });

  it("translations are real: en and fr differ from de for every error code", () => {
    for (const language of ["en", "fr"] as const)
      expect(
        ERROR_CODES.filter(
          (c) => ERROR_TEXTS[language].HttpErrorMessages[c] === ERROR_TEXTS.de.HttpErrorMessages[c],
        ),
      ).toEqual([]);
  });

  it.each(TEXT_LANGUAGES)("%s has the dialog keys core hands out", (language) => {
    for (const key of [
      DEFAULT_DIALOG_HEADLINE_KEY,
      DEFAULT_DIALOG_BUTTON_KEY,
      FAILED_DIALOG_HEADLINE_KEY,
    ])
      expect(typeof errorText(ERROR_TEXTS[language], key)).toBe("string");
  });
});

describe("errorText", () => {
  it("fills {{name}} parameters and leaves unknown ones", () => {
    expect(errorText(ERROR_TEXTS.en, "Dialog.Default.CorrelationId", { id: "c-1" })).toBe(
      "Error reference: c-1",
    );
    expect(errorText(ERROR_TEXTS.en, "Dialog.Default.CorrelationId")).toBe(
      "Error reference: {{id}}",
    );
  });

  it("is undefined for a key that names no text (a branch, a missing leaf, a prototype name)", () => {
    expect(errorText(ERROR_TEXTS.en, "Dialog.Default")).toBeUndefined();
    expect(errorText(ERROR_TEXTS.en, "HttpErrorMessages.NOPE")).toBeUndefined();
    expect(errorText(ERROR_TEXTS.en, "toString")).toBeUndefined();
  });
});

describe("loadErrorTexts", () => {
  it.each(TEXT_LANGUAGES)("loads the same %s texts lazily", async (language) =>
    expect(await loadErrorTexts(language)).toEqual(ERROR_TEXTS[language]),
  );
});
