import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordSecurityEvent } from "../../activity/security-events.js";
import type { Database } from "../../db/client.js";
import { persons, securityEvents } from "../../db/schema/index.js";
import { hashPassword } from "../../security/password-hash.js";
import { databases, openTestDatabase } from "../../test-support/databases.js";
import {
  type KeycloakUsersFake,
  startKeycloakUsersFake,
} from "../../test-support/keycloak-users-fake.js";
import { recordFactorRemoval } from "./factor-removal.js";
import { syncDueUsers } from "./user-sync.js";

// "This wasn't me" in Keycloak mode (docs/keycloak.md): Keycloak cannot suspend a
// credential, so while an account is secured the user sync removes every authenticator
// app, passkey and recovery-code set of Keycloak's user made before the securing, and the
// activity says what each was. Factors made after the securing stay.

describe.each(databases)("securing removes Keycloak's second factors on $name", (target) => {
  let database: Database;
  let keycloak: KeycloakUsersFake;
  let hash: string;
  let now = new Date("2026-11-29T08:00:00Z");
  const tick = (seconds = 1) => {
    now = new Date(now.getTime() + seconds * 1000);
    return now;
  };
  beforeAll(async () => {
    database = await openTestDatabase(target);
    keycloak = await startKeycloakUsersFake();
    hash = await hashPassword("Secret-Passw0rd!");
  });
  afterAll(async () => {
    await keycloak?.close();
    await database?.close();
  });

  const sync = () => syncDueUsers({ db: database.db, admin: keycloak.admin, now: () => now });

  /** A confirmed person in Keycloak with an app, a passkey and recovery codes made before now. */
  const personWithFactors = async () => {
    const id = randomUUID();
    await database.db.insert(persons).values({
      id,
      email: `f-${id}@example.org`,
      passwordHash: hash,
      givenName: "Erika",
      surName: "Muster",
      emailConfirmedAt: now,
      updatedAt: now,
    });
    await sync();
    const [user] = keycloak.usersOf(id);
    if (!user) throw new Error("not pushed");
    const made = now.getTime() - 60_000;
    const otp = keycloak.addCredential(user.id, { type: "otp", createdDate: made });
    const passkey = keycloak.addCredential(user.id, {
      type: "webauthn-passwordless",
      userLabel: "Intruder's laptop",
      createdDate: made + 1000,
    });
    const codes = keycloak.addCredential(user.id, {
      type: "recovery-authn-codes",
      createdDate: made + 2000,
      credentialData: JSON.stringify({ remaining: 12, total: 12 }),
    });
    return { id, user, otp, passkey, codes, made };
  };

  const secure = async (id: string) => {
    const at = tick();
    await database.db
      .update(persons)
      .set({ securedAt: at, updatedAt: at })
      .where(eq(persons.id, id));
    await recordSecurityEvent(database.db, id, "account-secured", {}, at);
    return at;
  };

  const removals = (id: string) =>
    database.db
      .select({ details: securityEvents.details, at: securityEvents.createdAt })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.personId, id),
          eq(securityEvents.kind, "factor-removed-when-secured"),
        ),
      );

  it("removes the app, the passkey and the recovery codes of before the securing, and records what each was", async () => {
    const { id, user, made } = await personWithFactors();
    await secure(id);
    // Made after the securing (a Keycloak session that slipped in would be ended; the
    // owner's after the reset): kept.
    const later = keycloak.addCredential(user.id, {
      type: "otp",
      createdDate: tick().getTime() + 1000,
    });
    await sync();
    expect(user.credentials.map((c) => c.id)).toEqual([later]);
    const recorded = (await removals(id)).map((r) => r.details);
    expect(recorded).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          factor: "AUTHENTICATOR_APP",
          factorCreatedAt: new Date(made).toISOString(),
        }),
        expect.objectContaining({
          factor: "passkey",
          label: "Intruder's laptop",
          factorCreatedAt: new Date(made + 1000).toISOString(),
        }),
        expect.objectContaining({ factor: "recovery-codes" }),
      ]),
    );
    expect(recorded).toHaveLength(3);
  });

  it("records each removal once when the push dies between the record and the deletion", async () => {
    const { id, user, otp } = await personWithFactors();
    await secure(id);
    // The first factor's deletion fails after its record was written.
    keycloak.failing = (call) => call === `DELETE /users/${user.id}/credentials/${otp}`;
    expect(await sync()).toMatchObject({ failed: 1 });
    keycloak.failing = undefined;
    expect(await removals(id)).toHaveLength(1);
    // The retry after the back-off takes them all, each recorded once.
    tick(2);
    expect(await sync()).toMatchObject({ pushed: 1, failed: 0 });
    expect(user.credentials).toEqual([]);
    expect(await removals(id)).toHaveLength(3);
  });

  it("still removes them when the reset came before Keycloak could be reached", async () => {
    const { id, user } = await personWithFactors();
    await secure(id);
    keycloak.unavailable = true;
    await sync();
    keycloak.unavailable = false;
    // The owner reset the password meanwhile: not secured any more.
    const at = tick(5);
    await database.db
      .update(persons)
      .set({ securedAt: null, updatedAt: at })
      .where(eq(persons.id, id));
    tick(2);
    await sync();
    expect(user.credentials.map((c) => c.type)).toEqual(["password"]);
    expect(await removals(id)).toHaveLength(3);
  });

  it("keeps the factors of a person never secured", async () => {
    const { id, user } = await personWithFactors();
    await database.db.update(persons).set({ updatedAt: tick() }).where(eq(persons.id, id));
    await sync();
    expect(user.credentials.map((c) => c.type).sort()).toEqual([
      "otp",
      "password",
      "recovery-authn-codes",
      "webauthn-passwordless",
    ]);
    expect(await removals(id)).toEqual([]);
  });

  it("records one removal once when N recorders go at once (a lease taken over)", async () => {
    const { id } = await personWithFactors();
    const credential = { id: randomUUID(), type: "otp", createdDate: now.getTime() };
    await Promise.all(
      Array.from({ length: 8 }, () => recordFactorRemoval(database.db, id, credential, now)),
    );
    expect(await removals(id)).toHaveLength(1);
  });

  it("records each factor once when N processes push at once", async () => {
    const { id, user } = await personWithFactors();
    await secure(id);
    // Every run claims its own rows: the lease keeps the person with one of them.
    await Promise.all(Array.from({ length: 6 }, () => sync()));
    expect(user.credentials).toEqual([]);
    expect(await removals(id)).toHaveLength(3);
    // A later push (the reset) records nothing again.
    const at = tick();
    await database.db
      .update(persons)
      .set({ securedAt: null, updatedAt: at })
      .where(eq(persons.id, id));
    await sync();
    expect(await removals(id)).toHaveLength(3);
  });
});
