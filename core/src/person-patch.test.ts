import type { PatchOperation, Person } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { applyPersonPatch } from "./apply-patch.js";
import { type PersonForm, personToForm } from "./person-form.js";
import { diffPerson, formBirthdate } from "./person-patch.js";
import { basePerson, fullPerson } from "./testing/person-fixture.js";

type Case = {
  name: string;
  stored?: Partial<Person>;
  form: Partial<PersonForm>;
  ops: PatchOperation[];
};

// Each case: the stored person, the changes made in the form, the expected operations.
const run = (cases: Case[]) =>
  it.each(cases)("$name", ({ stored, form, ops }) => {
    const person = { ...basePerson, ...stored };
    const edited = { ...personToForm(person), ...form };
    expect(diffPerson(person, edited)).toEqual(ops);
    // The server stores what the browser diffed: applying the ops gives a person whose form is the edited form.
    const applied = applyPersonPatch(person, diffPerson(person, edited));
    expect(applied.ok).toBe(true);
    if (applied.ok) expect(diffPerson(applied.value, edited)).toEqual([]);
  });

describe("diffPerson: no change", () => {
  run([
    { name: "an untouched form gives no operations", stored: fullPerson, form: {}, ops: [] },
    { name: "an untouched empty form gives no operations", form: {}, ops: [] },
  ]);
});

describe("diffPerson: 'Salutation: empty or UNKNOWN counts as unset'", () => {
  run([
    {
      name: "'Unset to set: add' (null to MR)",
      form: { salutation: "MR" },
      ops: [{ op: "add", path: "/salutation", value: "MR" }],
    },
    {
      name: "'Unset to set: add' (UNKNOWN to MX)",
      stored: { salutation: "UNKNOWN" },
      form: { salutation: "MX" },
      ops: [{ op: "add", path: "/salutation", value: "MX" }],
    },
    {
      name: "'Set to another: replace'",
      stored: { salutation: "MS" },
      form: { salutation: "MR" },
      ops: [{ op: "replace", path: "/salutation", value: "MR" }],
    },
    {
      name: "'Set to unset: remove' (to UNKNOWN)",
      stored: { salutation: "MS" },
      form: { salutation: "UNKNOWN" },
      ops: [{ op: "remove", path: "/salutation" }],
    },
    {
      name: "'Set to unset: remove' (to empty)",
      stored: { salutation: "MS" },
      form: { salutation: "" },
      ops: [{ op: "remove", path: "/salutation" }],
    },
    {
      name: "UNKNOWN stored and empty in the form: both unset, no change",
      stored: { salutation: "UNKNOWN" },
      form: { salutation: "" },
      ops: [],
    },
  ]);
});

const textCases = (
  field: "title" | "givenName" | "surName" | "position" | "department" | "preferredLanguage",
  a: string,
  b: string,
): Case[] => [
  {
    name: `${field}: 'both empty no change'`,
    stored: { [field]: null },
    form: { [field]: "" },
    ops: [],
  },
  {
    name: `${field}: 'no stored value add'`,
    stored: { [field]: null },
    form: { [field]: a },
    ops: [{ op: "add", path: `/${field}`, value: a } as PatchOperation],
  },
  {
    name: `${field}: 'changed replace'`,
    stored: { [field]: a },
    form: { [field]: b },
    ops: [{ op: "replace", path: `/${field}`, value: b } as PatchOperation],
  },
  {
    name: `${field}: 'cleared remove'`,
    stored: { [field]: a },
    form: { [field]: "" },
    ops: [{ op: "remove", path: `/${field}` } as PatchOperation],
  },
  {
    name: `${field}: unchanged value, no change`,
    stored: { [field]: a },
    form: { [field]: a },
    ops: [],
  },
];

describe("diffPerson: 'Text fields title, givenName, surName, position, department, preferredLanguage'", () => {
  run([
    ...textCases("title", "DR", "PROF"),
    ...textCases("position", "CFO", "CEO"),
    ...textCases("department", "Finance", "Sales"),
    ...textCases("preferredLanguage", "de", "fr-LU"),
  ]);
  // Names cannot be stored empty, so only add-free cases apply to them.
  run([
    {
      name: "givenName: 'changed replace'",
      form: { givenName: "Anna" },
      ops: [{ op: "replace", path: "/givenName", value: "Anna" }],
    },
    {
      name: "surName: 'changed replace'",
      form: { surName: "Muster" },
      ops: [{ op: "replace", path: "/surName", value: "Muster" }],
    },
    {
      name: "surrounding spaces are not a change",
      form: { givenName: " Erika ", position: "  " },
      ops: [],
    },
  ]);
  it("givenName: 'cleared remove' (the server refuses it with FIRSTNAME_MISSING)", () => {
    const ops = diffPerson(basePerson, { ...personToForm(basePerson), givenName: "" });
    expect(ops).toEqual([{ op: "remove", path: "/givenName" }]);
  });
});

describe("diffPerson: 'Date of birth: all three parts filled gives the date'", () => {
  run([
    {
      name: "'changed with none before: add'",
      form: { birthdayDay: "05", birthdayMonth: "03", birthdayYear: "1980" },
      ops: [{ op: "add", path: "/dateOfBirth", value: "1980-03-05" }],
    },
    {
      name: "'otherwise replace'",
      stored: { dateOfBirth: "1980-03-05" },
      form: { birthdayDay: "06" },
      ops: [{ op: "replace", path: "/dateOfBirth", value: "1980-03-06" }],
    },
    ...(["birthdayDay", "birthdayMonth", "birthdayYear"] as const).map((part) => ({
      name: `'a cleared part removes the date' (${part})`,
      stored: { dateOfBirth: "1980-03-05" },
      form: { [part]: "" },
      ops: [{ op: "remove", path: "/dateOfBirth" } as PatchOperation],
    })),
    {
      name: "some parts filled with none before: no date yet, no change",
      form: { birthdayDay: "05", birthdayMonth: "03" },
      ops: [],
    },
  ]);
  it.each([
    [{ birthdayDay: "5", birthdayMonth: "3", birthdayYear: "1980" }, "1980-03-05"],
    [{ birthdayDay: "", birthdayMonth: "3", birthdayYear: "1980" }, null],
  ])("formBirthdate(%o) is %s", (parts, date) => expect(formBirthdate(parts)).toBe(date));
});

const phone = {
  countryDialingCode: "+49",
  areaDialingCode: "30",
  subscriberNumber: "123456",
  extensionNumber: null,
};

describe("diffPerson: 'Telephone'", () => {
  run([
    {
      name: "'no stored number: add non-empty parts' (one add with the object)",
      form: { phoneCountry: "+49", phoneArea: "30", phoneSubscriber: "123456" },
      ops: [
        {
          op: "add",
          path: "/telephoneNumber",
          value: { countryDialingCode: "+49", areaDialingCode: "30", subscriberNumber: "123456" },
        },
      ],
    },
    {
      name: "no stored number and all parts empty: no change",
      form: {},
      ops: [],
    },
    {
      name: "'all parts empty: remove the whole number'",
      stored: { telephoneNumber: phone },
      form: { phoneCountry: "", phoneArea: "", phoneSubscriber: "" },
      ops: [{ op: "remove", path: "/telephoneNumber" }],
    },
    {
      name: "'otherwise replace changed parts'",
      stored: { telephoneNumber: phone },
      form: { phoneArea: "40", phoneSubscriber: "999" },
      ops: [
        { op: "replace", path: "/telephoneNumber/areaDialingCode", value: "40" },
        { op: "replace", path: "/telephoneNumber/subscriberNumber", value: "999" },
      ],
    },
    {
      name: "'replace changed parts' (a part that was empty)",
      stored: { telephoneNumber: phone },
      form: { phoneExtension: "12" },
      ops: [{ op: "replace", path: "/telephoneNumber/extensionNumber", value: "12" }],
    },
    {
      name: "'and remove cleared parts'",
      stored: { telephoneNumber: { ...phone, extensionNumber: "7" } },
      form: { phoneExtension: "", phoneCountry: "+43" },
      ops: [
        { op: "replace", path: "/telephoneNumber/countryDialingCode", value: "+43" },
        { op: "remove", path: "/telephoneNumber/extensionNumber" },
      ],
    },
  ]);
});

describe("diffPerson: 'Consent: checkbox checked means GIVEN, unchecked REFUSED; only the changed one is sent'", () => {
  run([
    {
      name: "checked from NOT_EXPRESSED: GIVEN",
      form: { consentMarketing: true },
      ops: [{ op: "replace", path: "/consentMarketing", value: "GIVEN" }],
    },
    {
      name: "checked from REFUSED: GIVEN",
      stored: { consentRecherche: "REFUSED" },
      form: { consentRecherche: true },
      ops: [{ op: "replace", path: "/consentRecherche", value: "GIVEN" }],
    },
    {
      name: "unchecked from GIVEN: REFUSED",
      stored: { consentMarketing: "GIVEN", consentRecherche: "GIVEN" },
      form: { consentRecherche: false },
      ops: [{ op: "replace", path: "/consentRecherche", value: "REFUSED" }],
    },
    {
      name: "NOT_EXPRESSED left unchecked: not sent",
      form: { consentMarketing: false, consentRecherche: false },
      ops: [],
    },
  ]);
});

describe("diffPerson: fixed order of operations", () => {
  it("follows PATCH_PATHS: salutation, texts, dateOfBirth, consents, telephone", () => {
    const form: PersonForm = {
      ...personToForm(fullPerson),
      salutation: "MR",
      title: "PROF",
      givenName: "Anna",
      surName: "Muster",
      position: "",
      department: "Sales",
      preferredLanguage: "en",
      birthdayYear: "1981",
      consentMarketing: false,
      consentRecherche: true,
      phoneArea: "40",
      phoneExtension: "",
    };
    const paths = diffPerson(fullPerson, form).map((o) => `${o.op} ${o.path}`);
    expect(paths).toEqual([
      "replace /salutation",
      "replace /title",
      "replace /givenName",
      "replace /surName",
      "remove /position",
      "replace /department",
      "replace /preferredLanguage",
      "replace /dateOfBirth",
      "replace /consentMarketing",
      "replace /consentRecherche",
      "replace /telephoneNumber/areaDialingCode",
      "remove /telephoneNumber/extensionNumber",
    ]);
    // Deterministic: the same input gives the same operations.
    expect(diffPerson(fullPerson, form)).toEqual(diffPerson(fullPerson, form));
  });
});
