import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Person } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { translator } from "../i18n.js";
import { collectPatchPreview, printPatchPreview, readInputFile } from "./patch-preview.js";

const stored: Person = {
  id: "p-1",
  crid: null,
  salutation: "MS",
  title: null,
  genderCode: null,
  givenName: "Erika",
  surName: "Mustermann",
  dateOfBirth: "1980-02-29",
  telephoneNumber: null,
  position: null,
  department: "Einkauf",
  preferredLanguage: "de",
  companyName: null,
  company: null,
  crefonummer: null,
  unverifiedCrefonummer: null,
  email: "erika@example.de",
  consentMarketing: "NOT_EXPRESSED",
  consentRecherche: "GIVEN",
  consentMarketingLastUpdatedAt: null,
  consentRechercheLastUpdatedAt: null,
  postRegistrationKey: null,
  postRegistrationToken: null,
  memberNumber: null,
  mitgliedskennung: null,
  internalUser: false,
};

const file = (name: string, value: unknown) => ({
  name,
  text: typeof value === "string" ? value : JSON.stringify(value),
});
const preview = (form: unknown) =>
  collectPatchPreview(file("stored.json", stored), file("form.json", form));

describe("collectPatchPreview: core's diffPerson on a stored person and a form", () => {
  it.each([
    { form: {}, ops: [] },
    { form: { givenName: "Erika" }, ops: [] },
    { form: { givenName: "Eri" }, ops: [{ op: "replace", path: "/givenName", value: "Eri" }] },
    // "Text fields ...: no stored value add; cleared remove"
    { form: { position: "Leitung" }, ops: [{ op: "add", path: "/position", value: "Leitung" }] },
    { form: { department: "" }, ops: [{ op: "remove", path: "/department" }] },
    // "Salutation: Set to unset: remove"
    { form: { salutation: "UNKNOWN" }, ops: [{ op: "remove", path: "/salutation" }] },
    // "Consent: checkbox checked means GIVEN, unchecked REFUSED; only the changed one is sent"
    {
      form: { consentMarketing: true },
      ops: [{ op: "replace", path: "/consentMarketing", value: "GIVEN" }],
    },
    {
      form: { consentRecherche: false },
      ops: [{ op: "replace", path: "/consentRecherche", value: "REFUSED" }],
    },
    // "Date of birth: a cleared part removes the date"
    { form: { birthdayDay: "" }, ops: [{ op: "remove", path: "/dateOfBirth" }] },
    // "Telephone: no stored number: add non-empty parts"
    {
      form: { phoneCountry: "+49", phoneSubscriber: "123456" },
      ops: [
        {
          op: "add",
          path: "/telephoneNumber",
          value: { countryDialingCode: "+49", subscriberNumber: "123456" },
        },
      ],
    },
  ])("form $form", ({ form, ops }) => {
    expect(preview(form)).toEqual({ ok: true, value: ops });
  });

  it.each([
    { form: "{ givenName: ", key: "usage.badJson" },
    { form: "", key: "usage.badJson" },
    { form: { givenNmae: "Typo" }, key: "usage.badForm" },
    { form: { consentMarketing: "yes" }, key: "usage.badForm" },
    { form: { salutation: "HERR" }, key: "usage.badForm" },
    { form: [], key: "usage.badForm" },
  ])("bad form $form: usage error $key naming the file", ({ form, key }) => {
    const result = preview(form);
    expect(result).toMatchObject({
      ok: false,
      error: { _tag: "Usage", message: { key, params: { file: "form.json" } } },
    });
  });

  it("a stored person may carry fields the CLI does not know (a newer server)", () => {
    const newer = file("stored.json", { ...stored, somethingNew: 1 });
    expect(collectPatchPreview(newer, file("form.json", { givenName: "Eri" }))).toMatchObject({
      ok: true,
    });
  });

  it("a stored file that is no person is a usage error", () => {
    const result = collectPatchPreview(file("stored.json", { id: 1 }), file("form.json", {}));
    expect(result).toMatchObject({
      ok: false,
      error: { _tag: "Usage", message: { key: "usage.badStored" } },
    });
  });
});

describe("printPatchPreview", () => {
  it("the request line and the operations as JSON", () => {
    expect(
      printPatchPreview([{ op: "replace", path: "/givenName", value: "Eri" }], translator("en")),
    ).toBe(
      [
        "PATCH /api/user-management/persons/me (application/json-patch+json)",
        "[",
        "  {",
        '    "op": "replace",',
        '    "path": "/givenName",',
        '    "value": "Eri"',
        "  }",
        "]",
      ].join("\n"),
    );
  });
  it("no changes", () => {
    expect(printPatchPreview([], translator("en"))).toBe("No changes: nothing would be sent.");
  });
});

describe("readInputFile", () => {
  it("reads a file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "portal-cli-"));
    await writeFile(join(dir, "a.json"), "{}");
    expect(await readInputFile(join(dir, "a.json"))).toEqual({
      ok: true,
      value: { name: join(dir, "a.json"), text: "{}" },
    });
  });
  it("a missing file is a usage error with the reason", async () => {
    expect(await readInputFile("/nonexistent/form.json")).toMatchObject({
      ok: false,
      error: { _tag: "Usage", message: { key: "usage.readFile", params: { reason: "ENOENT" } } },
    });
  });
});
