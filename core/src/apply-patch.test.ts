import type { Person } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { applyPersonPatch } from "./apply-patch.js";
import { basePerson, fullPerson } from "./testing/person-fixture.js";

describe("applyPersonPatch: stores operations the way the server does", () => {
  it.each<{ name: string; stored?: Partial<Person>; ops: unknown[]; expected: Partial<Person> }>([
    {
      name: "add /salutation",
      ops: [{ op: "add", path: "/salutation", value: "MR" }],
      expected: { salutation: "MR" },
    },
    {
      name: "UNKNOWN is stored as null ('UNKNOWN is sent as null')",
      stored: { salutation: "MS" },
      ops: [{ op: "replace", path: "/salutation", value: "UNKNOWN" }],
      expected: { salutation: null },
    },
    {
      name: "remove /title",
      stored: { title: "DR" },
      ops: [{ op: "remove", path: "/title" }],
      expected: { title: null },
    },
    {
      name: "replace /givenName trims",
      ops: [{ op: "replace", path: "/givenName", value: " Anna " }],
      expected: { givenName: "Anna" },
    },
    {
      name: "add /dateOfBirth",
      ops: [{ op: "add", path: "/dateOfBirth", value: "1980-03-05" }],
      expected: { dateOfBirth: "1980-03-05" },
    },
    {
      name: "add /telephoneNumber fills the missing parts with null",
      ops: [
        {
          op: "add",
          path: "/telephoneNumber",
          value: { countryDialingCode: "+49", areaDialingCode: "30" },
        },
      ],
      expected: {
        telephoneNumber: {
          countryDialingCode: "+49",
          areaDialingCode: "30",
          subscriberNumber: null,
          extensionNumber: null,
        },
      },
    },
    {
      name: "replace and remove parts of /telephoneNumber",
      stored: { telephoneNumber: fullPerson.telephoneNumber },
      ops: [
        { op: "replace", path: "/telephoneNumber/areaDialingCode", value: "40" },
        { op: "remove", path: "/telephoneNumber/extensionNumber" },
      ],
      expected: {
        telephoneNumber: {
          countryDialingCode: "+49",
          areaDialingCode: "40",
          subscriberNumber: "123456",
          extensionNumber: null,
        },
      },
    },
    {
      name: "removing every part leaves no number",
      stored: {
        telephoneNumber: {
          ...fullPerson.telephoneNumber!,
          extensionNumber: null,
          areaDialingCode: null,
        },
      },
      ops: [
        { op: "remove", path: "/telephoneNumber/countryDialingCode" },
        { op: "remove", path: "/telephoneNumber/subscriberNumber" },
      ],
      expected: { telephoneNumber: null },
    },
    {
      name: "replace /consentMarketing",
      ops: [{ op: "replace", path: "/consentMarketing", value: "GIVEN" }],
      expected: { consentMarketing: "GIVEN" },
    },
    {
      name: "add /unverifiedCrefonummer",
      ops: [{ op: "add", path: "/unverifiedCrefonummer", value: "2010000001" }],
      expected: { unverifiedCrefonummer: "2010000001" },
    },
    { name: "an empty patch changes nothing", ops: [], expected: {} },
  ])("$name", ({ stored, ops, expected }) => {
    const person = { ...basePerson, ...stored };
    expect(applyPersonPatch(person, ops)).toEqual({ ok: true, value: { ...person, ...expected } });
  });

  it("stamps a changed consent with the given time, and leaves an unchanged one alone", () => {
    const now = "2026-01-02T03:04:05.000Z";
    const r = applyPersonPatch(
      basePerson,
      [
        { op: "replace", path: "/consentMarketing", value: "GIVEN" },
        { op: "replace", path: "/consentRecherche", value: "NOT_EXPRESSED" },
      ],
      { now },
    );
    expect(r.ok && r.value.consentMarketingLastUpdatedAt).toBe(now);
    expect(r.ok && r.value.consentRechercheLastUpdatedAt).toBeNull();
  });

  it("never changes the stored person it was given", () => {
    const person = JSON.parse(JSON.stringify(fullPerson)) as typeof fullPerson;
    applyPersonPatch(person, [
      { op: "replace", path: "/telephoneNumber/areaDialingCode", value: "1" },
    ]);
    expect(person).toEqual(fullPerson);
  });
});

describe("applyPersonPatch: refuses bad operations, all or nothing", () => {
  it.each<{
    name: string;
    stored?: Partial<Person>;
    ops: unknown;
    errorCode: string;
    field: string;
  }>([
    { name: "not a list", ops: { op: "add" }, errorCode: "INVALID_PATCH", field: "" },
    {
      name: "an operation that is not an object",
      ops: ["x"],
      errorCode: "INVALID_PATCH",
      field: "",
    },
    {
      name: "an unknown op (move)",
      ops: [{ op: "move", path: "/title", from: "/x" }],
      errorCode: "INVALID_PATCH",
      field: "/title",
    },
    {
      name: "a path not in PATCH_PATHS (/email)",
      ops: [{ op: "replace", path: "/email", value: "x@y.de" }],
      errorCode: "INVALID_PATCH",
      field: "/email",
    },
    {
      name: "a path not in PATCH_PATHS (/id)",
      ops: [{ op: "replace", path: "/id", value: "p2" }],
      errorCode: "INVALID_PATCH",
      field: "/id",
    },
    {
      name: "a __proto__ segment",
      ops: [{ op: "add", path: "/__proto__/polluted", value: 1 }],
      errorCode: "INVALID_PATCH",
      field: "/__proto__/polluted",
    },
    {
      name: "a constructor segment",
      ops: [{ op: "add", path: "/constructor", value: 1 }],
      errorCode: "INVALID_PATCH",
      field: "/constructor",
    },
    {
      name: "a prototype segment",
      ops: [{ op: "add", path: "/telephoneNumber/prototype", value: 1 }],
      errorCode: "INVALID_PATCH",
      field: "/telephoneNumber/prototype",
    },
    {
      name: "add without a value",
      ops: [{ op: "add", path: "/title" }],
      errorCode: "INVALID_PATCH",
      field: "/title",
    },
    {
      name: "remove of a part when no number",
      ops: [{ op: "remove", path: "/telephoneNumber/areaDialingCode" }],
      errorCode: "INVALID_PATCH",
      field: "/telephoneNumber/areaDialingCode",
    },
    {
      name: "replace of a part when no number",
      ops: [{ op: "replace", path: "/telephoneNumber/areaDialingCode", value: "30" }],
      errorCode: "INVALID_PATCH",
      field: "/telephoneNumber/areaDialingCode",
    },
    {
      name: "remove of the number when none",
      ops: [{ op: "remove", path: "/telephoneNumber" }],
      errorCode: "INVALID_PATCH",
      field: "telephoneNumber",
    },
    {
      name: "a telephone object with an unknown key",
      ops: [{ op: "add", path: "/telephoneNumber", value: { foo: "1" } }],
      errorCode: "PHONE_NUMBER_INVALID",
      field: "telephoneNumber",
    },
    {
      name: "a telephone part that is not text",
      ops: [{ op: "replace", path: "/telephoneNumber/areaDialingCode", value: 30 }],
      stored: { telephoneNumber: fullPerson.telephoneNumber },
      errorCode: "PHONE_NUMBER_INVALID",
      field: "/telephoneNumber/areaDialingCode",
    },
    {
      name: "removing a consent",
      ops: [{ op: "remove", path: "/consentMarketing" }],
      errorCode: "INVALID_PATCH",
      field: "consentMarketing",
    },
    {
      name: "a consent value outside the enum",
      ops: [{ op: "replace", path: "/consentRecherche", value: "YES" }],
      errorCode: "INVALID_PATCH",
      field: "consentRecherche",
    },
    {
      name: "a title outside DR, PROF",
      ops: [{ op: "add", path: "/title", value: "MAG" }],
      errorCode: "INVALID_TITLE",
      field: "title",
    },
    {
      name: "a salutation outside the enum",
      ops: [{ op: "add", path: "/salutation", value: "MRS" }],
      errorCode: "INVALID_REQUEST",
      field: "salutation",
    },
    {
      name: "removing givenName",
      ops: [{ op: "remove", path: "/givenName" }],
      errorCode: "FIRSTNAME_MISSING",
      field: "givenName",
    },
    {
      name: "a blank surName",
      ops: [{ op: "replace", path: "/surName", value: "  " }],
      errorCode: "LASTNAME_MISSING",
      field: "surName",
    },
    {
      name: "a date that does not exist",
      ops: [{ op: "add", path: "/dateOfBirth", value: "1981-02-29" }],
      errorCode: "INVALID_BIRTHDATE",
      field: "dateOfBirth",
    },
    {
      name: "a date in another format",
      ops: [{ op: "add", path: "/dateOfBirth", value: "05.03.1980" }],
      errorCode: "INVALID_BIRTHDATE",
      field: "dateOfBirth",
    },
    {
      name: "a language outside the five",
      ops: [{ op: "add", path: "/preferredLanguage", value: "it" }],
      errorCode: "INVALID_REQUEST",
      field: "preferredLanguage",
    },
    {
      name: "a position that is not text",
      ops: [{ op: "add", path: "/position", value: 3 }],
      errorCode: "INVALID_REQUEST",
      field: "position",
    },
    {
      name: "a crefonummer with letters",
      ops: [{ op: "add", path: "/unverifiedCrefonummer", value: "12a" }],
      errorCode: "INVALID_CREFONUMMER",
      field: "unverifiedCrefonummer",
    },
    {
      name: "replace of the crefonummer when none",
      ops: [{ op: "replace", path: "/unverifiedCrefonummer", value: "1" }],
      errorCode: "INVALID_PATCH",
      field: "unverifiedCrefonummer",
    },
    {
      name: "one bad operation after good ones refuses the whole patch",
      ops: [
        { op: "add", path: "/title", value: "DR" },
        { op: "add", path: "/email", value: "x" },
      ],
      errorCode: "INVALID_PATCH",
      field: "/email",
    },
  ])("$name: $errorCode", ({ stored, ops, errorCode, field }) => {
    expect(applyPersonPatch({ ...basePerson, ...stored }, ops as unknown[])).toEqual({
      ok: false,
      error: { errorCode, field },
    });
  });

  it("leaves Object.prototype untouched", () => {
    applyPersonPatch(basePerson, [{ op: "add", path: "/__proto__/polluted", value: "yes" }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
