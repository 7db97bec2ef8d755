import type { ErrorEntry, Person, RegistrationPayload } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { personToForm } from "../person-form.js";
import { basePerson, fullPerson } from "../testing/person-fixture.js";
import { personalDataRules } from "./personal-data-rules.js";
import { validatePersonFields, validateRegistration } from "./server-validation.js";
import { isFormValid, validateForm } from "./validate.js";

const phone = fullPerson.telephoneNumber!;

describe("validatePersonFields: API codes of spec section 8", () => {
  it.each<{ name: string; person: Partial<Person>; errors: ErrorEntry[] }>([
    { name: "a full person is valid", person: fullPerson, errors: [] },
    {
      name: "FIRSTNAME_MISSING",
      person: { givenName: " " },
      errors: [{ errorCode: "FIRSTNAME_MISSING", field: "givenName" }],
    },
    {
      name: "FIRSTNAME_TOO_LONG",
      person: { givenName: "x".repeat(256) },
      errors: [{ errorCode: "FIRSTNAME_TOO_LONG", field: "givenName" }],
    },
    {
      name: "LASTNAME_MISSING",
      person: { surName: "" },
      errors: [{ errorCode: "LASTNAME_MISSING", field: "surName" }],
    },
    {
      name: "LASTNAME_TOO_LONG",
      person: { surName: "x".repeat(256) },
      errors: [{ errorCode: "LASTNAME_TOO_LONG", field: "surName" }],
    },
    {
      name: "INVALID_NAME (person_name)",
      person: { givenName: "Er{ika}" },
      errors: [{ errorCode: "INVALID_NAME", field: "givenName" }],
    },
    {
      name: "INVALID_TITLE",
      person: { title: "MAG" as Person["title"] },
      errors: [{ errorCode: "INVALID_TITLE", field: "title" }],
    },
    {
      name: "INVALID_BIRTHDATE",
      person: { dateOfBirth: "2001-02-29" },
      errors: [{ errorCode: "INVALID_BIRTHDATE", field: "dateOfBirth" }],
    },
    {
      name: "PHONE_COUNTRYCODE_INVALID",
      person: { telephoneNumber: { ...phone, countryDialingCode: "+999" } },
      errors: [
        { errorCode: "PHONE_COUNTRYCODE_INVALID", field: "telephoneNumber/countryDialingCode" },
      ],
    },
    {
      name: "PHONE_AREA_CODE_INVALID",
      person: { telephoneNumber: { ...phone, areaDialingCode: "030" } },
      errors: [{ errorCode: "PHONE_AREA_CODE_INVALID", field: "telephoneNumber/areaDialingCode" }],
    },
    {
      name: "PHONE_SUBSCRIBER_NUMBER_INVALID",
      person: { telephoneNumber: { ...phone, subscriberNumber: "12-34" } },
      errors: [
        { errorCode: "PHONE_SUBSCRIBER_NUMBER_INVALID", field: "telephoneNumber/subscriberNumber" },
      ],
    },
    {
      name: "PHONE_EXTENTION_NUMBER_INVALID",
      person: { telephoneNumber: { ...phone, extensionNumber: "x" } },
      errors: [
        { errorCode: "PHONE_EXTENTION_NUMBER_INVALID", field: "telephoneNumber/extensionNumber" },
      ],
    },
    {
      name: "PHONE_NUMBER_INVALID when incomplete",
      person: { telephoneNumber: { ...phone, subscriberNumber: null } },
      errors: [{ errorCode: "PHONE_NUMBER_INVALID", field: "telephoneNumber" }],
    },
    {
      name: "position over 255",
      person: { position: "x".repeat(256) },
      errors: [{ errorCode: "INVALID_REQUEST", field: "position" }],
    },
    { name: "a legacy language is left alone", person: { preferredLanguage: "it" }, errors: [] },
  ])("$name", ({ person, errors }) => {
    expect(validatePersonFields({ ...basePerson, ...person })).toEqual(errors);
  });

  // "browser and server must never disagree": the same person is valid or invalid on both sides.
  it.each<Partial<Person>>([
    {},
    { givenName: "" },
    { surName: "A|B" },
    { dateOfBirth: "1980-02-30" },
    { telephoneNumber: { ...phone, areaDialingCode: "0" } },
    { telephoneNumber: { ...phone, extensionNumber: "1 2" } },
    { telephoneNumber: { ...phone, countryDialingCode: "+0" } },
    { telephoneNumber: { ...phone, subscriberNumber: null } },
    { department: "y".repeat(256) },
  ])("form and server agree on %o", (change) => {
    const person = { ...fullPerson, ...change };
    const formValid = isFormValid(validateForm(personalDataRules, personToForm(person)));
    expect(validatePersonFields(person).length === 0).toBe(formValid);
  });
});

const payload: RegistrationPayload = {
  salutation: "MS",
  givenName: "Erika",
  surname: "Mustermann",
  email: "erika@example.de",
  password: "Sommer2024!x",
  consentMarketing: "REFUSED",
  consentRecherche: "GIVEN",
  postRegistrationTargetKey: null,
  postRegistrationToken: null,
};

describe("validateRegistration", () => {
  it.each<{ name: string; change: Partial<RegistrationPayload>; errors: ErrorEntry[] }>([
    { name: "a complete payload", change: {}, errors: [] },
    {
      name: "FIRSTNAME_MISSING",
      change: { givenName: "" },
      errors: [{ errorCode: "FIRSTNAME_MISSING", field: "givenName" }],
    },
    {
      name: "LASTNAME_TOO_LONG",
      change: { surname: "x".repeat(256) },
      errors: [{ errorCode: "LASTNAME_TOO_LONG", field: "surname" }],
    },
    {
      name: "INVALID_NAME",
      change: { surname: "Muster#mann" },
      errors: [{ errorCode: "INVALID_NAME", field: "surname" }],
    },
    {
      name: "EMAIL_NOT_VALID",
      change: { email: "erika@example" },
      errors: [{ errorCode: "EMAIL_NOT_VALID", field: "email" }],
    },
    {
      name: "EMAIL_NOT_VALID (not ASCII)",
      change: { email: "erikä@example.de" },
      errors: [{ errorCode: "EMAIL_NOT_VALID", field: "email" }],
    },
    {
      name: "e-mail missing",
      change: { email: "" },
      errors: [{ errorCode: "FIELD_EMPTY", field: "email" }],
    },
    {
      name: "NEW_PASSWORD_MISSING",
      change: { password: "" },
      errors: [{ errorCode: "NEW_PASSWORD_MISSING", field: "password" }],
    },
    {
      name: "PASSWORD_TOO_SHORT",
      change: { password: "Som2024!x" },
      errors: [{ errorCode: "PASSWORD_TOO_SHORT", field: "password" }],
    },
    {
      name: "PASSWORD_TRIVIAL_VALUES (contains the surname)",
      change: { password: "Mustermann2024!" },
      errors: [{ errorCode: "PASSWORD_TRIVIAL_VALUES", field: "password" }],
    },
    {
      name: "INVALID_CREFONUMMER",
      change: { crefonummer: "12a" },
      errors: [{ errorCode: "INVALID_CREFONUMMER", field: "crefonummer" }],
    },
    {
      name: "CTO_ZUGANGSDATEN_INVALID when incomplete",
      change: {
        ctoZugangsdaten: { mitgliedskennung: "1", personalPassword: "", generalPassword: "g" },
      },
      errors: [{ errorCode: "CTO_ZUGANGSDATEN_INVALID", field: "ctoZugangsdaten" }],
    },
    {
      name: "INVALID_MEMBER_USER_ID",
      change: {
        ctoZugangsdaten: { mitgliedskennung: "1a", personalPassword: "p", generalPassword: "g" },
      },
      errors: [{ errorCode: "INVALID_MEMBER_USER_ID", field: "ctoZugangsdaten/mitgliedskennung" }],
    },
    {
      name: "INVALID_TITLE",
      change: { title: "X" as "DR" },
      errors: [{ errorCode: "INVALID_TITLE", field: "title" }],
    },
    {
      name: "a language outside the five",
      change: { preferredLanguage: "it" as "de" },
      errors: [{ errorCode: "INVALID_REQUEST", field: "preferredLanguage" }],
    },
  ])("$name", ({ change, errors }) => {
    expect(validateRegistration({ ...payload, ...change })).toEqual(errors);
  });
});
