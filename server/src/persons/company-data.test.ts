import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, persons } from "../db/schema/index.js";
import {
  API,
  bearer,
  confirmedAccount,
  jsonRequest,
  registration,
} from "../test-support/api-helpers.js";
import { embedded } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";

/** Puts one company into the register and returns its crefonummer. */
const registerCompany = async (t: TestServer, name: string, representatives: string[] = []) => {
  const crefonummer = String(randomInt(1_000_000_000, 9_999_999_999));
  await t.server.database.db.insert(companies).values({
    crefonummer,
    name,
    legalForm: "GmbH",
    city: "Neuss",
    postalCode: "41460",
    countryCode: "DE",
    representatives,
    nameSearch: ` ${name.toLowerCase()}`,
    nameLength: name.length,
  });
  return crefonummer;
};

const patch = (t: TestServer, token: string, operations: unknown) =>
  t.call(
    `${API}/persons/me`,
    jsonRequest(operations, { method: "PATCH", token, contentType: "application/json-patch+json" }),
  );

describe.each(embedded)("company data of a person on $name", (target) => {
  const server = useTestServer(target);

  it("takes the company name from the register at registration (crefonummer kept unverified)", async () => {
    const t = server();
    const crefonummer = await registerCompany(t, "Muster Maschinenbau GmbH");
    const payload = registration({ crefonummer });
    expect((await t.call(`${API}/persons/register`, jsonRequest(payload))).status).toBe(201);
    const [row] = await t.server.database.db
      .select()
      .from(persons)
      .where(eq(persons.email, payload.email.toLowerCase()));
    expect(row).toMatchObject({
      unverifiedCrefonummer: crefonummer,
      companyName: "Muster Maschinenbau GmbH",
      crefonummer: null,
    });
  });

  it("keeps an unknown crefonummer without a company name", async () => {
    const t = server();
    const payload = registration({ crefonummer: "1000000001" });
    expect((await t.call(`${API}/persons/register`, jsonRequest(payload))).status).toBe(201);
    const [row] = await t.server.database.db
      .select()
      .from(persons)
      .where(eq(persons.email, payload.email.toLowerCase()));
    expect(row).toMatchObject({ unverifiedCrefonummer: "1000000001", companyName: null });
  });

  it("updates companyName when unverifiedCrefonummer is added, replaced or removed", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const first = await registerCompany(t, "Erste Handels AG");
    const second = await registerCompany(t, "Zweite Logistik KG");

    const added = await patch(t, account.token, [
      { op: "add", path: "/unverifiedCrefonummer", value: first },
    ]);
    expect(await added.json()).toMatchObject({
      unverifiedCrefonummer: first,
      companyName: "Erste Handels AG",
    });

    const replaced = await patch(t, account.token, [
      { op: "replace", path: "/unverifiedCrefonummer", value: second },
    ]);
    expect(await replaced.json()).toMatchObject({
      unverifiedCrefonummer: second,
      companyName: "Zweite Logistik KG",
    });

    const removed = await patch(t, account.token, [
      { op: "remove", path: "/unverifiedCrefonummer" },
    ]);
    expect(await removed.json()).toMatchObject({ unverifiedCrefonummer: null, companyName: null });
  });

  it("shows the register entry of a verified crefonummer as company", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const crefonummer = await registerCompany(t, "Geprüft Bau GmbH", ["Franz Maurer"]);
    await t.server.database.db
      .update(persons)
      .set({ crefonummer, companyName: "Geprüft Bau GmbH" })
      .where(eq(persons.id, account.id));
    const me = await (await t.call(`${API}/persons/me`, bearer(account.token))).json();
    expect(me).toMatchObject({
      crefonummer,
      companyName: "Geprüft Bau GmbH",
      company: { crefonummer, name: "Geprüft Bau GmbH", representatives: ["Franz Maurer"] },
    });
  });
});
