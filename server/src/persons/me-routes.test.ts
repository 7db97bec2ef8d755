import { MfaCredentials, Person } from "@portal/contracts";
import { eq } from "drizzle-orm";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { mfaCredentials, persons } from "../db/schema/index.js";
import {
  API,
  bearer,
  confirmedAccount,
  jsonRequest,
  sharedAccount,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { embedded } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { PATCH_REFUSALS } from "./patch-refusals.test-data.js";

const patch = (
  t: TestServer,
  token: string,
  operations: unknown,
  contentType = "application/json-patch+json",
) => t.call(`${API}/persons/me`, jsonRequest(operations, { method: "PATCH", token, contentType }));

const me = async (t: TestServer, token: string) => {
  const res = await t.call(`${API}/persons/me`, bearer(token));
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

describe.each(embedded)("GET/PATCH /persons/me and credentials on $name", (target) => {
  const server = useTestServer(target);
  const refusalAccount = sharedAccount(server);

  it("shows the signed-in person", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const person = await me(t, account.token);
    // The answer is exactly the contracts' Person.
    expect(Schema.decodeUnknownSync(Person, { onExcessProperty: "error" })(person)).toEqual(person);
    expect(person).toMatchObject({
      id: account.id,
      crid: account.id,
      email: account.email,
      salutation: "MS",
      givenName: "Erika",
      surName: "Mustermann",
      telephoneNumber: null,
      consentMarketing: "GIVEN",
      consentRecherche: "NOT_EXPRESSED",
      postRegistrationKey: "MC",
      postRegistrationToken: "prt-4711",
      memberNumber: null,
      internalUser: false,
      company: null,
    });
  });

  describe("bearer token checks (401 UNAUTHORIZED)", () => {
    it.each([
      ["no token", async () => undefined],
      ["a malformed token", async () => "not.a.jwt"],
      [
        "an expired token",
        async (t: TestServer) =>
          t.issuer.sign({ sub: "x" }, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      ],
      [
        "a token of another issuer",
        async (t: TestServer) =>
          t.issuer.sign({ sub: "x" }, { issuer: "http://evil.example/realms/portal" }),
      ],
      [
        "a token for another client",
        async (t: TestServer) => t.issuer.sign({ sub: "x" }, { clientId: "other-app" }),
      ],
    ])("refuses %s", async (_label, makeToken) => {
      const t = server();
      const token = await makeToken(t);
      const res = await t.call(`${API}/persons/me`, token ? bearer(token) : {});
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual([{ errorCode: "UNAUTHORIZED" }]);
    });

    it("answers 404 NOT_FOUND for a valid token of a person that does not exist", async () => {
      const t = server();
      const token = await t.issuer.sign({ sub: "3f1c9a52-0000-4000-8000-000000000000" });
      const res = await t.call(`${API}/persons/me`, bearer(token));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual([{ errorCode: "NOT_FOUND" }]);
    });
  });

  it("patches personal data, stamps a changed consent and returns the new person", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const before = await me(t, account.token);
    const res = await patch(t, account.token, [
      { op: "replace", path: "/givenName", value: "Erika Maria" },
      { op: "add", path: "/title", value: "DR" },
      { op: "add", path: "/dateOfBirth", value: "1980-02-29" },
      {
        op: "add",
        path: "/telephoneNumber",
        value: {
          countryDialingCode: "+49",
          areaDialingCode: "30",
          subscriberNumber: "1234567",
          extensionNumber: null,
        },
      },
      { op: "replace", path: "/consentRecherche", value: "GIVEN" },
      { op: "remove", path: "/salutation" },
      { op: "add", path: "/preferredLanguage", value: "fr-LU" },
    ]);
    expect(res.status).toBe(200);
    const after = (await res.json()) as Record<string, unknown>;
    expect(after).toMatchObject({
      givenName: "Erika Maria",
      title: "DR",
      dateOfBirth: "1980-02-29",
      telephoneNumber: {
        countryDialingCode: "+49",
        areaDialingCode: "30",
        subscriberNumber: "1234567",
        extensionNumber: null,
      },
      consentRecherche: "GIVEN",
      salutation: null,
      preferredLanguage: "fr-LU",
      consentMarketingLastUpdatedAt: before.consentMarketingLastUpdatedAt,
    });
    expect(Date.parse(String(after.consentRechercheLastUpdatedAt))).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(await me(t, account.token)).toEqual(after);

    // Telephone parts are replaced and removed one by one.
    const parts = await patch(t, account.token, [
      { op: "replace", path: "/telephoneNumber/subscriberNumber", value: "7654321" },
      { op: "add", path: "/telephoneNumber/extensionNumber", value: "12" },
    ]);
    expect(((await parts.json()) as { telephoneNumber: unknown }).telephoneNumber).toEqual({
      countryDialingCode: "+49",
      areaDialingCode: "30",
      subscriberNumber: "7654321",
      extensionNumber: "12",
    });
  });

  it.each(PATCH_REFUSALS)(
    "refuses %s and changes nothing",
    async (_label, operations, code, field) => {
      const t = server();
      const account = await refusalAccount();
      const before = await me(t, account.token);
      const res = await patch(t, account.token, [
        { op: "replace", path: "/position", value: "Leitung" },
        ...operations,
      ]);
      expect(res.status).toBe(400);
      expect(await res.json()).toContainEqual({ errorCode: code, field });
      expect(await me(t, account.token)).toEqual(before);
    },
  );

  it("accepts JSON Patch only: application/json answers 415 INVALID_REQUEST", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const res = await patch(
      t,
      account.token,
      [{ op: "replace", path: "/position", value: "x" }],
      "application/json",
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual([{ errorCode: "INVALID_REQUEST" }]);
    const notAList = await patch(t, account.token, { op: "replace" });
    expect(notAList.status).toBe(400);
    expect(await notAList.json()).toEqual([{ errorCode: "INVALID_PATCH" }]);
  });

  it("lists the second factors from the credentials store", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const list = async () =>
      (await t.call(`${API}/persons/me/credentials`, bearer(account.token))).json();
    expect(await list()).toEqual([]);
    const [row] = await t.server.database.db
      .insert(mfaCredentials)
      .values({ personId: account.id, type: "AUTHENTICATOR_APP", secret: "JBSWY3DPEHPK3PXP" })
      .returning();
    const listed = await list();
    expect(listed).toEqual([{ type: "AUTHENTICATOR_APP", credentialId: row?.id }]);
    expect(Schema.decodeUnknownSync(MfaCredentials)(listed)).toEqual(listed);
  });

  it("keeps e-mail and other columns out of reach of a patch", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    await patch(t, account.token, [{ op: "replace", path: "/givenName", value: "Eva" }]);
    const [row] = await t.server.database.db
      .select()
      .from(persons)
      .where(eq(persons.id, account.id));
    expect(row?.email).toBe(account.email);
    expect(row?.givenName).toBe("Eva");
    expect(uniqueEmail()).not.toBe(account.email);
  });
});
