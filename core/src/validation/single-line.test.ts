import { MAX_LENGTHS, type RegistrationPayload } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { applyPersonPatch } from "../apply-patch.js";
import { personToForm } from "../person-form.js";
import { basePerson, fullPerson } from "../testing/person-fixture.js";
import { changeEmailRules, membershipRules, passwordForgottenRules } from "./account-rules.js";
import { isSingleLine, singleLine } from "./generic-rules.js";
import { personalDataRules } from "./personal-data-rules.js";
import { registrationRules } from "./registration-rules.js";
import { validatePersonFields, validateRegistration } from "./server-validation.js";
import { validateField, validateForm } from "./validate.js";

// Issue 14: one rule for every single-line text field, in the forms and on the server.
const FORBIDDEN: ReadonlyArray<[string, string]> = [
  ["NUL", "\u0000"],
  ["LF", "\n"],
  ["CR", "\r"],
  ["TAB", "\t"],
  ["ESC", "\u001b"],
  ["DEL", "\u007f"],
  ["a C1 control (NEL)", "\u0085"],
  ["U+2028", "\u2028"],
  ["U+2029", "\u2029"],
  ["a left-to-right mark", "\u200e"],
  ["a right-to-left override", "\u202e"],
  ["a first-strong isolate", "\u2068"],
  ["a zero-width space", "\u200b"],
  ["a zero-width non-joiner", "\u200c"],
  ["a word joiner", "\u2060"],
  ["a byte-order mark", "\ufeff"],
  ["a soft hyphen", "\u00ad"],
  ["a tag character", "\u{e0041}"],
  ["a lone high surrogate", "\ud83d"],
  ["a lone low surrogate", "\ude00"],
];

const ALLOWED = [
  "Erika",
  "Zoë O'Brien-Müller",
  "Łukasz Żółć",
  "محمد",
  "李小龙",
  "Dr. med. Anna von Schön",
  "Einkauf & Logistik (Süd)",
  "👩 Team",
];

describe("single_line: 'no CR, LF, U+2028/2029, NUL, C0/C1 controls, DEL, bidi overrides, zero-width characters, lone surrogates'", () => {
  it.each(FORBIDDEN)("refuses %s anywhere in the text", (_l, c) => {
    for (const v of [c, `Erika${c}`, `${c}Erika`, `Er${c}ika`]) {
      expect(isSingleLine(v)).toBe(false);
      expect(singleLine().check(v, {}, "position")).toEqual({
        key: "Validation.singleLine",
        params: { field: "Fields.position" },
      });
    }
  });

  it.each(ALLOWED)("takes %s", (v) => {
    expect(isSingleLine(v)).toBe(true);
    expect(singleLine().check(v, {}, "position")).toBeUndefined();
  });

  it("leaves empty and non-text values to the other rules", () => {
    expect(singleLine().check("", {}, "x")).toBeUndefined();
    expect(singleLine().check(undefined, {}, "x")).toBeUndefined();
    expect(singleLine().check(true, {}, "x")).toBeUndefined();
  });
});

describe("every single-line field of the forms uses it", () => {
  const forms = [
    ["personal data", personalDataRules, ["givenName", "surName", "position", "department"]],
    ["registration", registrationRules, ["givenName", "surname", "email", "companySearch"]],
    ["e-mail change", changeEmailRules, ["newEmail"]],
    ["password forgotten", passwordForgottenRules, ["email"]],
  ] as const;
  it.each(forms)("%s", (_l, rules, fields) => {
    for (const field of fields) {
      const message = validateField(rules[field] ?? [], "Erika\u2028Muster", {}, field);
      expect(message?.key, field).toBe("Validation.singleLine");
    }
  });
});

describe("lengths of the contracts in the forms", () => {
  const form = { ...personToForm(fullPerson) };
  it.each([
    ["phoneArea", MAX_LENGTHS.areaDialingCode],
    ["phoneSubscriber", MAX_LENGTHS.subscriberNumber],
    ["phoneExtension", MAX_LENGTHS.extensionNumber],
  ] as const)("%s: at most %i digits", (field, max) => {
    const ok = validateForm(personalDataRules, { ...form, [field]: "1".repeat(max) });
    const tooLong = validateForm(personalDataRules, { ...form, [field]: "1".repeat(max + 1) });
    expect(ok[field]).toBeUndefined();
    expect(tooLong[field]).toEqual({
      key: "Validation.max",
      params: { field: `Fields.${field}`, length: max },
    });
  });

  it.each([
    ["mitgliedskennung", "1".repeat(21), 20],
    ["personalPassword", "p".repeat(65), 64],
    ["generalPassword", "g".repeat(65), 64],
  ] as const)("membership %s: at most %i", (field, value, length) => {
    const values = { mitgliedskennung: "123", personalPassword: "p", generalPassword: "g" };
    expect(validateForm(membershipRules, { ...values, [field]: value })[field]).toEqual({
      key: "Validation.max",
      params: { field: `Fields.${field}`, length },
    });
  });

  it("registration: a mitgliedsnummer of 60 000 digits is too long", () => {
    const message = validateField(
      registrationRules.mitgliedsnummer ?? [],
      "1".repeat(60_000),
      { withCto: true },
      "mitgliedsnummer",
    );
    expect(message?.key).toBe("Validation.max");
  });
});

describe("server validation with the spec's codes", () => {
  it.each([
    ["givenName", { givenName: "Erika\u0000" }, "INVALID_NAME", "givenName"],
    ["surName", { surName: "Muster\u202e" }, "INVALID_NAME", "surName"],
    ["position", { position: "Leitung\nEinkauf" }, "INVALID_CHARACTERS", "position"],
    ["department", { department: "Einkauf\u200b" }, "INVALID_CHARACTERS", "department"],
    [
      "unverifiedCrefonummer",
      { unverifiedCrefonummer: "2".repeat(11) },
      "INVALID_CREFONUMMER",
      "unverifiedCrefonummer",
    ],
    [
      "unverifiedCrefonummer",
      { unverifiedCrefonummer: "2".repeat(60_000) },
      "INVALID_CREFONUMMER",
      "unverifiedCrefonummer",
    ],
  ] as const)("%s", (_l, change, errorCode, field) => {
    expect(validatePersonFields({ ...basePerson, ...change })).toEqual([{ errorCode, field }]);
  });

  const phone = {
    countryDialingCode: "+49",
    areaDialingCode: "30",
    subscriberNumber: "123",
    extensionNumber: null,
  };
  it.each([
    ["areaDialingCode", "1".repeat(7), "PHONE_AREA_CODE_INVALID"],
    ["areaDialingCode", "1".repeat(60_000), "PHONE_AREA_CODE_INVALID"],
    ["subscriberNumber", "1".repeat(13), "PHONE_SUBSCRIBER_NUMBER_INVALID"],
    ["subscriberNumber", "123\n", "PHONE_SUBSCRIBER_NUMBER_INVALID"],
    ["extensionNumber", "1".repeat(7), "PHONE_EXTENTION_NUMBER_INVALID"],
    ["countryDialingCode", "+49\u0000", "PHONE_COUNTRYCODE_INVALID"],
  ] as const)("telephone %s %#", (part, value, errorCode) => {
    const person = { ...basePerson, telephoneNumber: { ...phone, [part]: value } };
    expect(validatePersonFields(person)).toEqual([{ errorCode, field: `telephoneNumber/${part}` }]);
  });

  it("the longest phone parts pass", () => {
    const longest = {
      countryDialingCode: "+49",
      areaDialingCode: "301234",
      subscriberNumber: "1".repeat(12),
      extensionNumber: "1".repeat(6),
    };
    expect(validatePersonFields({ ...basePerson, telephoneNumber: longest })).toEqual([]);
  });

  it("a patch cannot trim a trailing line break out of sight", () => {
    const patched = applyPersonPatch(basePerson, [
      { op: "add", path: "/position", value: "Leitung\u2029" },
    ]);
    expect(patched.ok && validatePersonFields(patched.value)).toEqual([
      { errorCode: "INVALID_CHARACTERS", field: "position" },
    ]);
  });

  const payload: RegistrationPayload = {
    givenName: "Erika",
    surname: "Muster",
    email: "erika@example.de",
    password: "Sommer-Wiese42",
    consentMarketing: "GIVEN",
    consentRecherche: "GIVEN",
    postRegistrationTargetKey: null,
    postRegistrationToken: null,
  };
  it.each([
    ["a line feed in the given name", { givenName: "Erika\nMaria" }, "INVALID_NAME", "givenName"],
    ["a NUL in the surname", { surname: "Muster\u0000" }, "INVALID_NAME", "surname"],
    [
      "a trailing line feed in the e-mail",
      { email: "erika@example.de\n" },
      "EMAIL_NOT_VALID",
      "email",
    ],
    [
      "a crefonummer of 11 digits",
      { crefonummer: "1".repeat(11) },
      "INVALID_CREFONUMMER",
      "crefonummer",
    ],
    [
      "a mitgliedskennung of 21 digits",
      {
        ctoZugangsdaten: {
          mitgliedskennung: "1".repeat(21),
          personalPassword: "p",
          generalPassword: "g",
        },
      },
      "INVALID_MEMBER_USER_ID",
      "ctoZugangsdaten/mitgliedskennung",
    ],
  ] as const)("registration: %s", (_l, change, errorCode, field) => {
    expect(validateRegistration({ ...payload, ...change })).toEqual([{ errorCode, field }]);
  });
});
