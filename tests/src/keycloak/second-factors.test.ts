import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listSecurityEvents,
  recordSecurityEvent,
} from "../../../server/src/activity/security-events.js";
import type { Database } from "../../../server/src/db/client.js";
import { ApiError } from "../../../server/src/http/api-error.js";
import { createKeycloakAdmin } from "../../../server/src/provider/keycloak/admin-client.js";
import { createKeycloakFactors } from "../../../server/src/provider/keycloak/keycloak-factors.js";
import { syncDueUsers } from "../../../server/src/provider/keycloak/user-sync.js";
import { hashPassword } from "../../../server/src/security/password-hash.js";
import { databases, openTestDatabase } from "../../../server/src/test-support/databases.js";
import { personRows } from "../../../server/src/test-support/person-rows.js";
import { admin } from "./keycloak-env.js";

// Issue 47 item 3 against Keycloak itself: the security page's factors come from Keycloak's
// credentials of the person's user (admin API), and securing an account removes every
// second factor Keycloak's user had before it (docs/keycloak.md, "This wasn't me in
// Keycloak mode"). The credentials are imported as Keycloak's own actions store them
// (their createdDate kept), so "before" and "after" the securing need no waiting.
const pglite = databases.find((d) => d.name === "pglite");

// Keycloak refuses a second OTP credential of the same label (409).
const otp = (createdDate: number, userLabel: string) => ({
  type: "otp",
  userLabel,
  createdDate,
  secretData: JSON.stringify({ value: "JBSWY3DPEHPK3PXP" }),
  credentialData: JSON.stringify({
    subType: "totp",
    digits: 6,
    counter: 0,
    period: 30,
    algorithm: "HmacSHA1",
  }),
});

describe("second factors in Keycloak mode, on Keycloak", () => {
  let database: Database;
  let now = new Date();
  const tick = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
    return now;
  };
  const id = randomUUID();
  const email = `factors-${id}@example.org`;
  const factors = createKeycloakFactors(admin);
  const sync = () => syncDueUsers({ db: database.db, admin, now: () => now });
  const userId = async () => {
    const [user] = await admin.get<{ id: string }[]>(
      `/users?${new URLSearchParams({ q: `cr_id:${id}` })}`,
    );
    if (!user) throw new Error("no Keycloak user");
    return user.id;
  };
  const credentialTypes = async () =>
    (await admin.get<{ type: string }[]>(`/users/${await userId()}/credentials`))
      .map((c) => c.type)
      .sort();
  const made = Date.now() - 3_600_000;
  const user = {
    username: email,
    email,
    enabled: true,
    emailVerified: true,
    firstName: "Erika",
    lastName: "Muster",
    attributes: { cr_id: [id] },
  };

  beforeAll(async () => {
    if (!pglite) throw new Error("no PGlite test database");
    database = await openTestDatabase(pglite);
    await personRows(database.db).insert({
      id,
      email,
      passwordHash: await hashPassword("First-Passw0rd!"),
      givenName: "Erika",
      surName: "Muster",
      emailConfirmedAt: now,
      updatedAt: now,
    });
    // Keycloak's user as the intruder left it: an app, a passkey and recovery codes.
    await admin.write("POST", "/users", {
      ...user,
      credentials: [
        otp(made, "Phone"),
        {
          type: "webauthn-passwordless",
          userLabel: "Laptop",
          createdDate: made + 1000,
          secretData: "{}",
          credentialData: JSON.stringify({
            aaguid: "00000000-0000-0000-0000-000000000000",
            credentialId: "AAECAwQFBgcICQ",
            counter: 0,
            attestationStatementFormat: "none",
            transports: ["internal"],
          }),
        },
        {
          type: "recovery-authn-codes",
          createdDate: made + 2000,
          secretData: JSON.stringify({ codes: [{ number: 1, encodedHashedValue: "x" }] }),
          credentialData: JSON.stringify({
            hashIterations: 1,
            algorithm: "RS512",
            remaining: 11,
            total: 12,
          }),
        },
      ],
    });
    // The sync finds it by cr_id and puts the portal's password in.
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    // A PGlite database migrated from nothing and an argon2 hash: slow on a loaded machine.
  }, 60_000);
  afterAll(async () => {
    await personRows(database.db).erase(id);
    await sync().catch(() => undefined);
    await database?.close();
  });

  it("lists Keycloak's app, passkey and recovery codes as the security page reads them", async () => {
    expect(await factors.credentials(id)).toEqual([
      { type: "AUTHENTICATOR_APP", credentialId: expect.any(String) },
    ]);
    expect(await factors.passkeys(id)).toEqual([
      {
        id: expect.any(String),
        name: "Laptop",
        passwordless: true,
        createdAt: new Date(made + 1000).toISOString(),
        lastUsedAt: null,
      },
    ]);
    expect(await factors.recoveryCodes(id)).toEqual({
      remaining: 11,
      total: 12,
      createdAt: new Date(made + 2000).toISOString(),
    });
  });

  it("answers 503 when Keycloak cannot be reached, never an empty list", async () => {
    const down = createKeycloakFactors(
      createKeycloakAdmin({
        issuer: "http://127.0.0.1:9/realms/portal",
        clientId: "portal-support",
        clientSecret: "x",
      }),
    );
    await expect(down.credentials(id)).rejects.toBeInstanceOf(ApiError);
  });

  it("securing removes the password and every factor of before it, keeps one made after, and records each once", async () => {
    const securedAt = tick(1);
    await personRows(database.db).update(id, { securedAt }, securedAt);
    await recordSecurityEvent(database.db, id, "account-secured", {}, securedAt);
    // An app set up after the securing (the owner's, after the reset) stays.
    await admin.write("PUT", `/users/${await userId()}`, {
      ...user,
      credentials: [otp(securedAt.getTime() + 60_000, "New phone")],
    });
    const before = await credentialTypes();
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    const after = await credentialTypes();
    expect({ before, after }).toMatchObject({ after: ["otp"] });
    const removed = async () =>
      (await listSecurityEvents(database.db, id, tick(0))).events.filter(
        (e) => e.kind === "factor-removed-when-secured",
      );
    expect((await removed()).find((e) => e.factor === "passkey")).toMatchObject({
      label: "Laptop",
      factorCreatedAt: new Date(made + 1000).toISOString(),
    });
    expect((await removed()).map((e) => e.factor).sort()).toEqual([
      "AUTHENTICATOR_APP",
      "passkey",
      "recovery-codes",
    ]);
    // Pushed again (the reset): nothing more is removed or recorded.
    await personRows(database.db).update(
      id,
      { securedAt: null, passwordHash: await hashPassword("Reset-Passw0rd!") },
      tick(1),
    );
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    expect(await credentialTypes()).toEqual(["otp", "password"]);
    expect(await removed()).toHaveLength(3);
  });
});
