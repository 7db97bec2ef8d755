import { describe, expect, it } from "vitest";
import { runRuleSetCases as run } from "../testing/rule-set-cases.js";
import type { FormValues } from "./generic-rules.js";
import { registrationRules } from "./registration-rules.js";
import { validateForm } from "./validate.js";

const registration: FormValues = {
  salutation: "MS",
  title: "",
  givenName: "Erika",
  surname: "Mustermann",
  email: "erika@example.de",
  password: "Sommer2024!x",
  confirmationPassword: "Sommer2024!x",
  termsAccepted: true,
  withCto: false,
  companySearch: "",
  crefonummer: "",
};

describe("registrationRules", () => {
  run(registrationRules, registration, [
    { name: "a complete registration", values: {}, errors: {} },
    {
      name: "'Terms-of-use acceptance is required to register'",
      values: { termsAccepted: false },
      errors: { termsAccepted: "Validation.required" },
    },
    {
      name: "confirmationPassword 'does not match Password'",
      values: { confirmationPassword: "Sommer2024!y" },
      errors: { confirmationPassword: "Validation.confirmed" },
    },
    {
      name: "e-mail 'must be a valid email'",
      values: { email: "erika@" },
      errors: { email: "Validation.email" },
    },
    {
      name: "e-mail ascii_only",
      values: { email: "erikä@example.de" },
      errors: { email: "Validation.email" },
    },
    {
      name: "password below the policy",
      values: { password: "short", confirmationPassword: "short" },
      errors: { password: "Validation.password" },
    },
    {
      name: "password containing the name (PASSWORD_TRIVIAL_VALUES)",
      values: { password: "Mustermann7!", confirmationPassword: "Mustermann7!" },
      errors: { password: "Validation.password" },
    },
    {
      name: "member fields 'when withCto is set'",
      values: { withCto: true },
      errors: {
        mitgliedsnummer: "Validation.required",
        mitgliedskennung: "Validation.required",
        generalPassword: "Validation.required",
        personalPassword: "Validation.required",
      },
    },
    {
      name: "member fields complete",
      values: {
        withCto: true,
        mitgliedsnummer: "123",
        mitgliedskennung: "456",
        generalPassword: "g",
        personalPassword: "p",
      },
      errors: {},
    },
    {
      name: "mitgliedskennung digits only",
      values: {
        withCto: true,
        mitgliedsnummer: "123",
        mitgliedskennung: "45a",
        generalPassword: "g",
        personalPassword: "p",
      },
      errors: { mitgliedskennung: "Validation.numeric" },
    },
    {
      name: "'A company must be chosen from the suggestion list'",
      values: { companySearch: "Muster GmbH", crefonummer: "" },
      errors: { companySearch: "Validation.companyNotChosen" },
    },
    {
      name: "a company chosen from the list",
      values: { companySearch: "Muster GmbH", crefonummer: "2010000001" },
      errors: {},
    },
  ]);
  it("the password rule names the first failing code", () => {
    expect(
      validateForm(registrationRules, { ...registration, password: "short" }).password,
    ).toEqual({
      key: "Validation.password",
      params: { field: "Fields.password", code: "PASSWORD_TOO_SHORT" },
    });
  });
  // Issue 46: the guessable patterns, before the form is sent.
  it.each(["Aaaaaaaaaa1", "Abcdefghij1", "Qwertz12345!"])("%s is refused", (password) => {
    expect(validateForm(registrationRules, { ...registration, password }).password).toEqual({
      key: "Validation.password",
      params: { field: "Fields.password", code: "PASSWORD_TRIVIAL_VALUES" },
    });
  });
});
