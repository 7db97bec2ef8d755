import { describe, expect, it } from "vitest";
import { VALIDATION_MESSAGE_KEYS } from "./messages.js";
import { personalDataRules } from "./personal-data-rules.js";
import { isFormValid, validateField, validateForm } from "./validate.js";

describe("validateField: 'Validation bails on first error'", () => {
  it("returns only the first failing rule", () => {
    expect(validateField(personalDataRules.givenName ?? [], "", {}, "givenName")?.key).toBe(
      "Validation.required",
    );
    expect(
      validateField(personalDataRules.givenName ?? [], `<${"x".repeat(300)}`, {}, "givenName")?.key,
    ).toBe("Validation.personName");
  });
});

describe("VALIDATION_MESSAGE_KEYS", () => {
  it("holds every key the rule sets return, once", () => {
    expect(new Set(VALIDATION_MESSAGE_KEYS).size).toBe(VALIDATION_MESSAGE_KEYS.length);
    expect(VALIDATION_MESSAGE_KEYS).toEqual(
      expect.arrayContaining([
        "Validation.invalid",
        "Validation.emailUnchanged",
        "Validation.confirmed",
        "Validation.max",
        "Validation.personName",
        "Validation.email",
      ]),
    );
  });
});

describe("validateForm / isFormValid", () => {
  it("checks every field of the rule set, in its order", () => {
    const errors = validateForm(personalDataRules, {});
    expect(Object.keys(errors)).toEqual(Object.keys(personalDataRules));
    expect(isFormValid(errors)).toBe(false);
  });
  it("is valid when no field has a message", () => {
    expect(isFormValid({ a: undefined, b: undefined })).toBe(true);
  });
});
