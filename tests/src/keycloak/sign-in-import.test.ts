import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSecurityEvents } from "../../../server/src/activity/security-events.js";
import type { Database } from "../../../server/src/db/client.js";
import { importSignIns } from "../../../server/src/provider/keycloak/sign-in-import.js";
import { syncDueUsers } from "../../../server/src/provider/keycloak/user-sync.js";
import { hashPassword } from "../../../server/src/security/password-hash.js";
import { databases, openTestDatabase } from "../../../server/src/test-support/databases.js";
import { personRows } from "../../../server/src/test-support/person-rows.js";
import { admin, issuer, redirectUri } from "./keycloak-env.js";
import { signInOnLoginPage } from "./login-form.js";

// Keycloak mode's activity list: the sign-ins happen on Keycloak's page, and the portal
// copies Keycloak's saved LOGIN and LOGIN_ERROR events into the person's activity
// (server/src/provider/keycloak/sign-in-import.ts). Against Keycloak itself, on both
// databases, with the copy run by several processes at once.
const PARALLEL = 5;

describe.each(databases)("Keycloak's sign-ins in the activity ($name)", (testDatabase) => {
  let database: Database;
  const id = randomUUID();
  const email = `signins-${id}@example.org`;
  const password = "Signin-Passw0rd!";
  const now = () => new Date();

  beforeAll(async () => {
    database = await openTestDatabase(testDatabase);
    await personRows(database.db).insert({
      id,
      email,
      passwordHash: await hashPassword(password),
      givenName: "Erika",
      surName: "Muster",
      emailConfirmedAt: now(),
      updatedAt: now(),
    });
    expect(await syncDueUsers({ db: database.db, admin, now })).toMatchObject({ failed: 0 });
  });
  afterAll(async () => {
    await personRows(database.db).erase(id);
    await syncDueUsers({ db: database.db, admin, now }).catch(() => undefined);
    await database?.close();
  });

  it("copies a sign-in and a wrong password once, however many processes copy at once", async () => {
    const since = Date.now();
    expect(await signInOnLoginPage({ issuer, redirectUri, username: email, password })).toBe(true);
    expect(
      await signInOnLoginPage({
        issuer,
        redirectUri,
        username: email,
        password: "Wrong-Passw0rd!",
      }),
    ).toBe(false);
    const runs = await Promise.all(
      Array.from({ length: PARALLEL }, () => importSignIns({ db: database.db, admin, since, now })),
    );
    expect(runs.reduce((sum, run) => sum + run.imported, 0)).toBe(2);
    const page = await listSecurityEvents(database.db, id, now());
    expect(page.events.map((e) => e.kind).sort()).toEqual(["sign-in", "sign-in-failed"]);
    for (const event of page.events) {
      expect(event.address).toBe("127.0.0.x");
      expect(event.browser).toBeUndefined();
    }
    // A later run reads the same events again and writes nothing.
    expect(await importSignIns({ db: database.db, admin, since, now })).toMatchObject({
      imported: 0,
    });
  });
});
