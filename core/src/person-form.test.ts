import type { Person } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  EMPTY_PERSON_FORM,
  languageOptions,
  type PersonForm,
  personToForm,
  splitBirthdate,
} from "./person-form.js";
import { basePerson, fullPerson } from "./testing/person-fixture.js";

describe("personToForm", () => {
  it.each<{ name: string; stored: Partial<Person>; form: Partial<PersonForm> }>([
    {
      name: "'dateOfBirth (YYYY-MM-DD; in the form split into birthdayDay, birthdayMonth, birthdayYear)'",
      stored: { dateOfBirth: "1980-02-29" },
      form: { birthdayDay: "29", birthdayMonth: "02", birthdayYear: "1980" },
    },
    {
      name: "no date: empty parts",
      stored: { dateOfBirth: null },
      form: { birthdayDay: "", birthdayMonth: "", birthdayYear: "" },
    },
    {
      name: "'UNKNOWN is sent as null': null salutation shows as UNKNOWN (unset)",
      stored: { salutation: null },
      form: { salutation: "UNKNOWN" },
    },
    {
      name: "UNKNOWN salutation stays UNKNOWN",
      stored: { salutation: "UNKNOWN" },
      form: { salutation: "UNKNOWN" },
    },
    { name: "a set salutation", stored: { salutation: "MX" }, form: { salutation: "MX" } },
    {
      name: "consent 'shown checked only when GIVEN' (GIVEN)",
      stored: { consentMarketing: "GIVEN" },
      form: { consentMarketing: true },
    },
    {
      name: "consent 'shown checked only when GIVEN' (REFUSED)",
      stored: { consentRecherche: "REFUSED" },
      form: { consentRecherche: false },
    },
    {
      name: "consent 'shown checked only when GIVEN' (NOT_EXPRESSED)",
      stored: { consentMarketing: "NOT_EXPRESSED" },
      form: { consentMarketing: false },
    },
    {
      name: "telephone parts",
      stored: { telephoneNumber: fullPerson.telephoneNumber },
      form: {
        phoneCountry: "+49",
        phoneArea: "30",
        phoneSubscriber: "123456",
        phoneExtension: "7",
      },
    },
    {
      name: "nulls become empty text",
      stored: { position: null, title: null, preferredLanguage: null },
      form: { position: "", title: "", preferredLanguage: "" },
    },
  ])("$name", ({ stored, form }) => {
    expect(personToForm({ ...basePerson, ...stored })).toMatchObject(form);
  });

  it("maps every field of a full person", () => {
    expect(personToForm(fullPerson)).toEqual({
      ...EMPTY_PERSON_FORM,
      salutation: "MS",
      title: "DR",
      givenName: "Erika",
      surName: "Mustermann",
      birthdayDay: "29",
      birthdayMonth: "02",
      birthdayYear: "1980",
      phoneCountry: "+49",
      phoneArea: "30",
      phoneSubscriber: "123456",
      phoneExtension: "7",
      position: "CFO",
      department: "Finance",
      preferredLanguage: "de",
      consentMarketing: true,
      consentRecherche: false,
    });
  });

  it.each(["1980-2-29", "29.02.1980", ""])("splitBirthdate(%j) gives empty parts", (date) => {
    expect(splitBirthdate(date)).toEqual({ birthdayDay: "", birthdayMonth: "", birthdayYear: "" });
  });
});

describe("languageOptions: 'a placeholder option is added when the stored language is not one of the five'", () => {
  it.each([
    { stored: "de", values: ["de", "de-AT", "en", "fr", "fr-LU"], placeholder: false },
    { stored: "fr-LU", values: ["de", "de-AT", "en", "fr", "fr-LU"], placeholder: false },
    { stored: "it", values: ["it", "de", "de-AT", "en", "fr", "fr-LU"], placeholder: true },
    { stored: null, values: ["", "de", "de-AT", "en", "fr", "fr-LU"], placeholder: true },
  ])("stored $stored", ({ stored, values, placeholder }) => {
    const options = languageOptions(stored);
    expect(options.map((o) => o.value)).toEqual(values);
    expect(options[0]?.placeholder).toBe(placeholder);
    expect(options.filter((o) => !o.placeholder).map((o) => o.labelKey)).toEqual(
      ["de", "de-AT", "en", "fr", "fr-LU"].map((l) => `Languages.${l}`),
    );
  });
});
