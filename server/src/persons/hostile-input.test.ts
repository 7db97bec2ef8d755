import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { persons } from "../db/schema/index.js";
import {
  API,
  bearer,
  jsonRequest,
  latestMail,
  registration,
  sharedAccount,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { embedded } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";

// Issue 14, hostile input: control and invisible characters, lengths, and mail content
// chosen by whoever registers an address. Each refusal is a coded 400 and writes nothing.

/** One of each kind of character no single-line field may hold. */
const FORBIDDEN: ReadonlyArray<[string, string]> = [
  ["a NUL", "\u0000"],
  ["a line feed", "\n"],
  ["a carriage return", "\r"],
  ["a tab", "\t"],
  ["DEL", "\u007f"],
  ["a C1 control", "\u0085"],
  ["a line separator", "\u2028"],
  ["a paragraph separator", "\u2029"],
  ["a right-to-left override", "\u202e"],
  ["a right-to-left isolate", "\u2067"],
  ["a zero-width space", "\u200b"],
  ["a zero-width joiner", "\u200d"],
  ["a byte-order mark", "\ufeff"],
  ["a lone surrogate", "\ud800"],
];

const digits = (n: number) => "1".repeat(n);

describe.each(embedded)("hostile input on $name", (target) => {
  const server = useTestServer(target);
  const account = sharedAccount(server);
  const register = (body: unknown) => server().call(`${API}/persons/register`, jsonRequest(body));
  const stored = (email: string) =>
    server()
      .server.database.db.select()
      .from(persons)
      .where(eq(persons.email, email.toLowerCase()));
  const patch = async (operations: unknown) =>
    server().call(
      `${API}/persons/me`,
      jsonRequest(operations, {
        method: "PATCH",
        token: (await account()).token,
        contentType: "application/json-patch+json",
      }),
    );
  const me = async () =>
    (await server().call(`${API}/persons/me`, bearer((await account()).token))).json();

  it.each(FORBIDDEN)(
    "registration refuses %s in a name with INVALID_NAME, nothing stored",
    async (_l, c) => {
      for (const [field, name] of [
        ["givenName", { givenName: `Erika${c}Maria` }],
        ["surname", { surname: `Muster${c}` }],
      ] as const) {
        const payload = registration(name);
        const res = await register(payload);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual([{ errorCode: "INVALID_NAME", field }]);
        expect(await stored(payload.email)).toEqual([]);
      }
    },
  );

  it.each([
    [
      "a given name of 256 characters",
      { givenName: "E".repeat(256) },
      "FIRSTNAME_TOO_LONG",
      "givenName",
    ],
    ["a surname of 256 characters", { surname: "M".repeat(256) }, "LASTNAME_TOO_LONG", "surname"],
    [
      "a crefonummer of 60 000 digits",
      { crefonummer: digits(60_000) },
      "INVALID_CREFONUMMER",
      "crefonummer",
    ],
    [
      "a crefonummer of 11 digits",
      { crefonummer: digits(11) },
      "INVALID_CREFONUMMER",
      "crefonummer",
    ],
    [
      "a mitgliedskennung of 60 000 digits",
      {
        ctoZugangsdaten: {
          mitgliedskennung: digits(60_000),
          personalPassword: "p",
          generalPassword: "g",
        },
      },
      "INVALID_MEMBER_USER_ID",
      "ctoZugangsdaten.mitgliedskennung",
    ],
    [
      "a membership password of 65 characters",
      {
        ctoZugangsdaten: {
          mitgliedskennung: "123",
          personalPassword: "p".repeat(65),
          generalPassword: "g",
        },
      },
      "CTO_ZUGANGSDATEN_INVALID",
      "ctoZugangsdaten.personalPassword",
    ],
    [
      "a password of 61 characters",
      { password: `Aa1!${"x".repeat(57)}` },
      "PASSWORD_TOO_LONG",
      "password",
    ],
    [
      "a line break in the e-mail address",
      { email: "erika@example.org\r\nBcc: x@evil.example" },
      "EMAIL_NOT_VALID",
      "email",
    ],
    [
      "a registration key with a NUL",
      { postRegistrationTargetKey: "MC\u0000" },
      "INVALID_REQUEST",
      "postRegistrationTargetKey",
    ],
    [
      "a prt of 513 characters",
      { postRegistrationToken: "t".repeat(513) },
      "INVALID_REQUEST",
      "postRegistrationToken",
    ],
    [
      "a prt with a line feed",
      { postRegistrationToken: "a\nb" },
      "INVALID_REQUEST",
      "postRegistrationToken",
    ],
  ])("registration refuses %s with %s, nothing stored", async (_l, overrides, errorCode, field) => {
    const payload = registration(overrides);
    const res = await register(payload);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([{ errorCode, field }]);
    if (!payload.email.includes("\n")) expect(await stored(payload.email)).toEqual([]);
  });

  it("takes the longest fields the contracts allow", async () => {
    const payload = registration({
      givenName: "E".repeat(255),
      surname: "Zoë O'Brien-Müller",
      crefonummer: "2010000001",
      postRegistrationToken: "t".repeat(512),
    });
    expect((await register(payload)).status).toBe(201);
  });

  it("mails the opt-in link to an unconfirmed address without the name the registering party chose", async () => {
    const givenName = "Bitte rufen Sie 0900 123456 an und besuchen Sie www.evil-bank.example";
    const payload = registration({ email: uniqueEmail("injected"), givenName, surname: "Bank" });
    expect((await register(payload)).status).toBe(201);
    const mail = await latestMail(server(), payload.email);
    expect(mail.text).toMatch(/^Guten Tag,/);
    expect(mail.text).not.toContain("0900");
    expect(mail.text).not.toContain("evil-bank");
    expect(mail.subject).not.toContain("evil-bank");
  });

  it.each([
    [
      "a phone area code of 60 000 digits",
      "/telephoneNumber",
      {
        countryDialingCode: "+49",
        areaDialingCode: digits(60_000),
        subscriberNumber: "123",
        extensionNumber: null,
      },
      "PHONE_AREA_CODE_INVALID",
      "telephoneNumber/areaDialingCode",
    ],
    [
      "a subscriber number of 13 digits",
      "/telephoneNumber",
      {
        countryDialingCode: "+49",
        areaDialingCode: "30",
        subscriberNumber: digits(13),
        extensionNumber: null,
      },
      "PHONE_SUBSCRIBER_NUMBER_INVALID",
      "telephoneNumber/subscriberNumber",
    ],
    [
      "an extension of 7 digits",
      "/telephoneNumber",
      {
        countryDialingCode: "+49",
        areaDialingCode: "30",
        subscriberNumber: "123",
        extensionNumber: digits(7),
      },
      "PHONE_EXTENTION_NUMBER_INVALID",
      "telephoneNumber/extensionNumber",
    ],
    [
      "a subscriber number ending in a line feed",
      "/telephoneNumber",
      {
        countryDialingCode: "+49",
        areaDialingCode: "30",
        subscriberNumber: "123\n",
        extensionNumber: null,
      },
      "PHONE_SUBSCRIBER_NUMBER_INVALID",
      "telephoneNumber/subscriberNumber",
    ],
    [
      "an unverifiedCrefonummer of 60 000 digits",
      "/unverifiedCrefonummer",
      digits(60_000),
      "INVALID_CREFONUMMER",
      "unverifiedCrefonummer",
    ],
    [
      "a given name with a right-to-left override",
      "/givenName",
      "Erika\u202eakirE",
      "INVALID_NAME",
      "givenName",
    ],
    ["a surname with a NUL", "/surName", "Muster\u0000", "INVALID_NAME", "surName"],
    [
      "a position of two lines",
      "/position",
      "Leitung\r\nEinkauf",
      "INVALID_CHARACTERS",
      "position",
    ],
    [
      "a department with a zero-width space",
      "/department",
      "Ein\u200bkauf",
      "INVALID_CHARACTERS",
      "department",
    ],
    [
      "a position ending in a paragraph separator",
      "/position",
      "Leitung\u2029",
      "INVALID_CHARACTERS",
      "position",
    ],
  ])("PATCH refuses %s with %s, nothing stored", async (_l, path, value, errorCode, field) => {
    const before = await me();
    const res = await patch([
      { op: "add", path: "/title", value: "DR" },
      { op: "add", path, value },
    ]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([{ errorCode, field }]);
    expect(await me()).toEqual(before);
  });

  it("PATCH refuses a phone part ending in a line separator (no trimming hides it)", async () => {
    const before = await me();
    const phone = {
      countryDialingCode: "+49",
      areaDialingCode: "30",
      subscriberNumber: "123",
      extensionNumber: null,
    };
    const res = await patch([
      { op: "add", path: "/telephoneNumber", value: phone },
      { op: "replace", path: "/telephoneNumber/subscriberNumber", value: "123\u2028" },
    ]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([
      { errorCode: "PHONE_SUBSCRIBER_NUMBER_INVALID", field: "telephoneNumber/subscriberNumber" },
    ]);
    expect(await me()).toEqual(before);
  });

  it("takes the longest phone parts the contracts allow", async () => {
    const phone = {
      countryDialingCode: "+49",
      areaDialingCode: "301234",
      subscriberNumber: digits(12),
      extensionNumber: digits(6),
    };
    const res = await patch([{ op: "add", path: "/telephoneNumber", value: phone }]);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { telephoneNumber: unknown }).telephoneNumber).toEqual(phone);
    await patch([{ op: "remove", path: "/telephoneNumber" }]);
  });

  it.each([
    ["a NUL in a web-target key", `${API}/web-targets/MC%00`],
    ["a line feed in a web-target key", `${API}/web-targets/M%0AC`],
    ["a web-target key of 65 characters", `${API}/web-targets/${"K".repeat(65)}`],
  ])("%s: a coded 400", async (_l, path) => {
    const res = await server().call(path);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([{ errorCode: "INVALID_REQUEST", field: "key" }]);
  });

  it.each([
    [
      "confirm-mail-address",
      "/persons/confirm-mail-address",
      { confirmationToken: "x".repeat(129) },
      "INVALID_OPT_IN",
    ],
    [
      "confirm-deletion",
      "/persons/confirm-deletion",
      { optOutToken: "ab\u0000" },
      "INVALID_OPT_IN",
    ],
    [
      "resend-opt-in-mail",
      "/persons/resend-opt-in-mail",
      { email: `${"e".repeat(250)}@x.org` },
      "EMAIL_NOT_VALID",
    ],
    [
      "request-password-reset-mail",
      "/persons/request-password-reset-mail",
      { email: "a@b.org\u2028" },
      "EMAIL_NOT_VALID",
    ],
  ])("%s refuses an over-long or multi-line value with %s", async (_l, path, body, errorCode) => {
    const res = await server().call(`${API}${path}`, jsonRequest(body));
    expect(res.status).toBe(400);
    expect(((await res.json()) as Array<{ errorCode: string }>)[0]?.errorCode).toBe(errorCode);
  });

  it("membership registration refuses a mitgliedskennung of 60 000 digits with INVALID_MEMBER_USER_ID", async () => {
    const res = await server().call(
      `${API}/persons/me/register-mitgliedskennung`,
      jsonRequest(
        { mitgliedskennung: digits(60_000), personalPassword: "p", generalPassword: "g" },
        { token: (await account()).token },
      ),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([
      { errorCode: "INVALID_MEMBER_USER_ID", field: "mitgliedskennung" },
    ]);
  });
});
