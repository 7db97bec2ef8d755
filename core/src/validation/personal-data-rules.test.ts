import { describe, expect, it } from "vitest";
import { EMPTY_PERSON_FORM, personToForm } from "../person-form.js";
import { fullPerson } from "../testing/person-fixture.js";
import { runRuleSetCases as run } from "../testing/rule-set-cases.js";
import { personalDataRules } from "./personal-data-rules.js";
import { isFormValid, validateForm } from "./validate.js";

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
