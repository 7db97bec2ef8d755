import { describe, expect, it } from "vitest";
import { EMPTY_PERSON_FORM, personToForm } from "../person-form.js";
import { fullPerson } from "../testing/person-fixture.js";
import type { FormValues } from "./generic-rules.js";
import { VALIDATION_MESSAGE_KEYS } from "./messages.js";
import {
  changeEmailRules,
  changePasswordRules,
  membershipRules,
  passwordForgottenRules,
  passwordResetRules,
  personalDataRules,
  registrationRules,
} from "./rule-sets.js";
import { isFormValid, type RuleSet, validateField, validateForm } from "./validate.js";

type Case = { name: string; values: FormValues; errors: Record<string, string | undefined> };
// Each case: form values and the expected message key per field (others must pass).
const run = (ruleSet: RuleSet, base: FormValues, cases: Case[]) =>
  it.each(cases)("$name", ({ values, errors }) => {
    const result = validateForm(ruleSet, { ...base, ...values });
    const keys = Object.fromEntries(
      Object.entries(result)
        .filter(([, m]) => m !== undefined)
        .map(([f, m]) => [f, m?.key]),
    );
    expect(keys).toEqual(errors);
  });

const person = { ...personToForm(fullPerson) };

describe("personalDataRules", () => {
  it("a stored full person is valid", () =>
    expect(isFormValid(validateForm(personalDataRules, person))).toBe(true));
  run(personalDataRules, person, [
    {
      name: "'givenName and surName required'",
      values: { givenName: "", surName: " " },
      errors: { givenName: "Validation.required", surName: "Validation.required" },
    },
    {
      name: "givenName 'max 255'",
      values: { givenName: "x".repeat(256) },
      errors: { givenName: "Validation.max" },
    },
    {
      name: "surName person_name",
      values: { surName: "Muster<script>" },
      errors: { surName: "Validation.personName" },
    },
    {
      name: "'salutation required'",
      values: { salutation: "" },
      errors: { salutation: "Validation.required" },
    },
    {
      name: "'salutation one of MS, MR, MX, UNKNOWN' (UNKNOWN is fine)",
      values: { salutation: "UNKNOWN" },
      errors: {},
    },
    {
      name: "salutation outside the list",
      values: { salutation: "MRS" },
      errors: { salutation: "Validation.included" },
    },
    {
      name: "'title max 255' / one of DR, PROF",
      values: { title: "MAG" },
      errors: { title: "Validation.included" },
    },
    {
      name: "'position, department, preferredLanguage max 255'",
      values: {
        position: "x".repeat(256),
        department: "y".repeat(256),
        preferredLanguage: "z".repeat(256),
      },
      errors: {
        position: "Validation.max",
        department: "Validation.max",
        preferredLanguage: "Validation.max",
      },
    },
    {
      name: "'the three birthdate parts validated together': one part filled",
      values: { birthdayDay: "", birthdayMonth: "", birthdayYear: "1980" },
      errors: { birthdayDay: "Validation.birthdate", birthdayMonth: "Validation.birthdate" },
    },
    {
      name: "birthdate parts all empty",
      values: { birthdayDay: "", birthdayMonth: "", birthdayYear: "" },
      errors: {},
    },
    {
      name: "birthdate that does not exist (31 February)",
      values: { birthdayDay: "31", birthdayMonth: "02", birthdayYear: "2000" },
      errors: { birthdayDay: "Validation.birthdate" },
    },
    {
      name: "'phone country, area and subscriber number validated together': only area",
      values: { phoneCountry: "", phoneArea: "30", phoneSubscriber: "", phoneExtension: "" },
      errors: { phoneCountry: "Validation.phone", phoneSubscriber: "Validation.phone" },
    },
    {
      name: "only an extension makes the other parts required",
      values: { phoneCountry: "", phoneArea: "", phoneSubscriber: "", phoneExtension: "12" },
      errors: {
        phoneCountry: "Validation.phone",
        phoneArea: "Validation.phone",
        phoneSubscriber: "Validation.phone",
      },
    },
    {
      name: "no phone at all",
      values: { phoneCountry: "", phoneArea: "", phoneSubscriber: "", phoneExtension: "" },
      errors: {},
    },
    {
      name: "'area code per area-code rule' (leading 0)",
      values: { phoneArea: "030" },
      errors: { phoneArea: "Validation.areaCode" },
    },
    {
      name: "'subscriber number and extension numeric'",
      values: { phoneSubscriber: "12-34", phoneExtension: "x1" },
      errors: { phoneSubscriber: "Validation.numeric", phoneExtension: "Validation.numeric" },
    },
    {
      name: "unknown country dialling code",
      values: { phoneCountry: "+999" },
      errors: { phoneCountry: "Validation.countryCode" },
    },
  ]);
  it("an empty form needs the names and the salutation only", () => {
    expect(
      Object.entries(validateForm(personalDataRules, EMPTY_PERSON_FORM))
        .filter(([, m]) => m)
        .map(([f]) => f),
    ).toEqual(["salutation", "givenName", "surName"]);
  });
});

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
});

describe("membershipRules", () => {
  run(
    membershipRules,
    { mitgliedskennung: "123456", personalPassword: "p", generalPassword: "g" },
    [
      { name: "complete", values: {}, errors: {} },
      {
        name: "all missing",
        values: { mitgliedskennung: "", personalPassword: "", generalPassword: "" },
        errors: {
          mitgliedskennung: "Validation.required",
          personalPassword: "Validation.required",
          generalPassword: "Validation.required",
        },
      },
      {
        name: "membership ID with letters",
        values: { mitgliedskennung: "12a" },
        errors: { mitgliedskennung: "Validation.numeric" },
      },
    ],
  );
});

describe("changeEmailRules", () => {
  run(changeEmailRules, { currentEmail: "erika@example.de", newEmail: "new@example.de" }, [
    { name: "a different valid address", values: {}, errors: {} },
    {
      name: "'must differ from the current one' ('The email address corresponds to the one currently used.')",
      values: { newEmail: "Erika@Example.de" },
      errors: { newEmail: "Validation.emailUnchanged" },
    },
    {
      name: "'contain no invalid characters'",
      values: { newEmail: "néw@example.de" },
      errors: { newEmail: "Validation.email" },
    },
    { name: "required", values: { newEmail: "" }, errors: { newEmail: "Validation.required" } },
  ]);
});

describe("changePasswordRules / passwordResetRules / passwordForgottenRules", () => {
  run(
    changePasswordRules,
    { oldPassword: "old", newPassword: "Sommer2024!x", confirmationPassword: "Sommer2024!x" },
    [
      { name: "complete", values: {}, errors: {} },
      {
        name: "old password missing",
        values: { oldPassword: "" },
        errors: { oldPassword: "Validation.required" },
      },
      {
        name: "new password not confirmed",
        values: { confirmationPassword: "x" },
        errors: { confirmationPassword: "Validation.confirmed" },
      },
      {
        name: "new password too long",
        values: {
          newPassword: `Qz7!${"k".repeat(57)}`,
          confirmationPassword: `Qz7!${"k".repeat(57)}`,
        },
        errors: { newPassword: "Validation.password" },
      },
    ],
  );
  run(passwordResetRules, { newPassword: "Sommer2024!x", confirmationPassword: "Sommer2024!x" }, [
    { name: "complete", values: {}, errors: {} },
    {
      name: "new password missing",
      values: { newPassword: "", confirmationPassword: "" },
      errors: { newPassword: "Validation.required", confirmationPassword: "Validation.required" },
    },
  ]);
  run(passwordForgottenRules, { email: "erika@example.de" }, [
    { name: "complete", values: {}, errors: {} },
    { name: "invalid e-mail", values: { email: "erika" }, errors: { email: "Validation.email" } },
  ]);
});

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
