import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { keycloakUserSync, persons } from "../../db/schema/index.js";
import { closeAccount } from "../../persons/account-closure.js";
import { hashPassword } from "../../security/password-hash.js";
import { databases, openTestDatabase } from "../../test-support/databases.js";
import {
  type KeycloakUsersFake,
  startKeycloakUsersFake,
} from "../../test-support/keycloak-users-fake.js";
import { createKeycloakUserSync, syncDueUsers } from "./user-sync.js";

// Issue 47: in Keycloak mode nobody could sign in, since people and their password hashes
// lived only in the portal's database. The sync brings Keycloak's user of each person in
// step with it (here against a stand-in for the admin API, over HTTP).

describe.each(databases)("Keycloak user sync on $name", (target) => {
  let database: Database;
  let keycloak: KeycloakUsersFake;
  let now = new Date("2026-11-29T08:00:00Z");
  const tick = (seconds = 1) => {
    now = new Date(now.getTime() + seconds * 1000);
    return now;
  };
  beforeAll(async () => {
    database = await openTestDatabase(target);
    keycloak = await startKeycloakUsersFake();
  });
  afterAll(async () => {
    await keycloak?.close();
    await database?.close();
  });

  const sync = () => syncDueUsers({ db: database.db, admin: keycloak.admin, now: () => now });

  const addPerson = async (confirmed = true) => {
    const id = randomUUID();
    await database.db.insert(persons).values({
      id,
      email: `p-${id}@example.org`,
      passwordHash: await hashPassword("Secret-Passw0rd!"),
      givenName: "Erika",
      surName: "Muster",
      roles: ["MEMBER"],
      emailConfirmedAt: confirmed ? now : null,
      updatedAt: now,
    });
    return id;
  };
  const change = (id: string, values: Partial<typeof persons.$inferInsert>) =>
    database.db
      .update(persons)
      .set({ ...values, updatedAt: tick() })
      .where(eq(persons.id, id));
  const only = (id: string) => {
    const found = keycloak.usersOf(id);
    expect(found).toHaveLength(1);
    return found[0] as NonNullable<(typeof found)[0]>;
  };
  const drainDue = async () => {
    // Everything due of earlier tests first, so a test sees its own writes only.
    await sync();
    keycloak.writes.length = 0;
  };

  it("creates the user of a confirmed person with its argon2 hash, and none of an unconfirmed one", async () => {
    await drainDue();
    const confirmed = await addPerson();
    const unconfirmed = await addPerson(false);
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    const user = only(confirmed);
    expect(user.representation).toMatchObject({
      username: `p-${confirmed}@example.org`,
      email: `p-${confirmed}@example.org`,
      emailVerified: true,
      firstName: "Erika",
      lastName: "Muster",
      enabled: true,
      attributes: { cr_id: [confirmed], member_mapping: [], member_number: [], roles: ["MEMBER"] },
    });
    const [credential] = user.credentials;
    expect(credential?.type).toBe("password");
    expect(JSON.parse(credential?.credentialData ?? "")).toEqual({
      hashIterations: 2,
      algorithm: "argon2",
      additionalParameters: {
        hashLength: ["32"],
        memory: ["19456"],
        type: ["id"],
        version: ["1.3"],
        parallelism: ["1"],
      },
    });
    const [person] = await database.db.select().from(persons).where(eq(persons.id, confirmed));
    const [, , , , salt, hash] = person?.passwordHash.split("$") ?? [];
    expect(JSON.parse(credential?.secretData ?? "")).toEqual({
      value: Buffer.from(hash ?? "", "base64").toString("base64"),
      salt: Buffer.from(salt ?? "", "base64").toString("base64"),
      additionalParameters: {},
    });
    expect(JSON.parse(credential?.secretData ?? "").value).toMatch(/=$/);
    expect(keycloak.usersOf(unconfirmed)).toEqual([]);
    // Nothing changed: nothing is sent again.
    keycloak.writes.length = 0;
    expect(await sync()).toEqual({ pushed: 0, failed: 0 });
    expect(keycloak.writes).toEqual([]);
  });

  it("settles a person whose updated_at SQL's now() wrote (microseconds) after one push", async () => {
    const id = await addPerson();
    await database.db.execute(sql`update persons set updated_at = now() where id = ${id}`);
    expect(await sync()).toMatchObject({ pushed: 1 });
    expect(await sync()).toEqual({ pushed: 0, failed: 0 });
  });

  it("updates names and membership without the credential, and the credential when the password changes", async () => {
    const id = await addPerson();
    await drainDue();
    const before = only(id).credentials[0]?.secretData;
    await change(id, { givenName: "Eva", memberMapping: "MEMBER", memberNumber: "4711" });
    await sync();
    expect(only(id).representation).toMatchObject({
      firstName: "Eva",
      attributes: { member_mapping: ["MEMBER"], member_number: ["4711"] },
    });
    expect(only(id).credentials[0]?.secretData).toBe(before);
    await change(id, { passwordHash: await hashPassword("Other-Passw0rd!") });
    await sync();
    expect(only(id).credentials).toHaveLength(1);
    expect(only(id).credentials[0]?.secretData).not.toBe(before);
  });

  it("removes the password while the account is secured and puts the new one in after the reset", async () => {
    const id = await addPerson();
    await drainDue();
    await change(id, { securedAt: now });
    await sync();
    expect(only(id).credentials).toEqual([]);
    await change(id, { securedAt: null, passwordHash: await hashPassword("Reset-Passw0rd!") });
    await sync();
    expect(only(id).credentials.map((c) => c.type)).toEqual(["password"]);
  });

  it("disables the user while the account is closed, enables it on restore, deletes it on erasure", async () => {
    const id = await addPerson();
    await drainDue();
    await change(id, { closedAt: now });
    await sync();
    expect(only(id).representation.enabled).toBe(false);
    await change(id, { closedAt: null });
    await sync();
    expect(only(id).representation.enabled).toBe(true);
    await database.db.delete(persons).where(eq(persons.id, id));
    await sync();
    expect(keycloak.usersOf(id)).toEqual([]);
    const rows = await database.db
      .select()
      .from(keycloakUserSync)
      .where(eq(keycloakUserSync.personId, id));
    expect(rows).toEqual([]);
  });

  it("disables the user of an account the deletion's grace period closed (closeAccount sets updated_at)", async () => {
    const id = await addPerson();
    await drainDue();
    await database.db.transaction(async (tx) => {
      const [person] = await tx.select().from(persons).where(eq(persons.id, id));
      if (person) await closeAccount(tx, person, tick(), 7);
    });
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    expect(only(id).representation.enabled).toBe(false);
  });

  it("completes a change made while Keycloak is down once it is back, with a back-off", async () => {
    const id = await addPerson();
    await drainDue();
    keycloak.unavailable = true;
    await change(id, { surName: "Neu" });
    expect(await sync()).toEqual({ pushed: 0, failed: 1 });
    tick(1);
    expect(await sync()).toEqual({ pushed: 0, failed: 1 });
    // The third try waits 2 s after the second failure.
    keycloak.unavailable = false;
    expect(await sync()).toEqual({ pushed: 0, failed: 0 });
    tick(2);
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    expect(only(id).representation.lastName).toBe("Neu");
  });

  // Each kind of change, made while Keycloak answers 503, is in Keycloak once it is back.
  it.each([
    {
      kind: "a confirmation",
      apply: async () => addPerson(),
      holds: (id: string) => expect(keycloak.usersOf(id)).toHaveLength(1),
    },
    {
      kind: "a password change",
      before: true,
      apply: async (id: string) =>
        change(id, { passwordHash: await hashPassword("New-Passw0rd!") }),
      holds: (id: string) => expect(only(id).credentials).toHaveLength(1),
    },
    {
      kind: "securing",
      before: true,
      apply: (id: string) => change(id, { securedAt: now }),
      holds: (id: string) => expect(only(id).credentials).toEqual([]),
    },
    {
      kind: "an e-mail change",
      before: true,
      apply: (id: string) => change(id, { email: `new-${id}@example.org` }),
      holds: (id: string) => expect(only(id).representation.email).toBe(`new-${id}@example.org`),
    },
    {
      kind: "closing",
      before: true,
      apply: (id: string) => change(id, { closedAt: now }),
      holds: (id: string) => expect(only(id).representation.enabled).toBe(false),
    },
    {
      kind: "an erasure",
      before: true,
      apply: async (id: string) => {
        await database.db.delete(persons).where(eq(persons.id, id));
      },
      holds: (id: string) => expect(keycloak.usersOf(id)).toEqual([]),
    },
  ])("completes $kind made while Keycloak is down once it is back", async (step) => {
    const id0 = step.before ? await addPerson() : "";
    await drainDue();
    let id = id0;
    keycloak.unavailable = true;
    try {
      const made = await step.apply(id);
      if (typeof made === "string") id = made;
      expect(await sync()).toEqual({ pushed: 0, failed: 1 });
    } finally {
      keycloak.unavailable = false;
    }
    tick(1);
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    step.holds(id);
  });

  it("pushes each of N changes once when N runs (processes) go at once", async () => {
    await drainDue();
    const ids = await Promise.all(Array.from({ length: 6 }, () => addPerson()));
    const runs = await Promise.all(Array.from({ length: 8 }, () => sync()));
    expect(runs.reduce((sum, run) => sum + run.pushed, 0)).toBe(ids.length);
    expect(keycloak.writes.filter((w) => w === "POST /users")).toHaveLength(ids.length);
    for (const id of ids) only(id);
  });

  // A flow whose next step is a sign-in on Keycloak's page answers after its person's push
  // (user-sync-plugin.ts), bounded: a slow Keycloak gets the answer as before.
  const worker = () =>
    createKeycloakUserSync({
      db: database.db,
      admin: keycloak.admin,
      clock: { now: () => now },
      log: { warn: () => undefined },
      pollMs: 60_000,
    });
  const never = new Promise<void>(() => undefined);

  it("settles the one person a flow names: its user is in Keycloak when settle resolves", async () => {
    await drainDue();
    const named = await addPerson();
    const other = await addPerson();
    const sync = worker();
    await sync.settle(named, never);
    only(named);
    // Only that person's push held the answer; the other is the next run's.
    expect(keycloak.usersOf(other)).toHaveLength(0);
    await sync.close();
  });

  it("gives up at the deadline when Keycloak is slow, and the push completes later", async () => {
    await drainDue();
    const id = await addPerson();
    let release: () => void = () => undefined;
    keycloak.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let timeUp: () => void = () => undefined;
    const deadline = new Promise<void>((resolve) => {
      timeUp = resolve;
    });
    const sync = worker();
    try {
      const settled = sync.settle(id, deadline);
      timeUp();
      await settled;
      expect(keycloak.usersOf(id)).toHaveLength(0);
    } finally {
      keycloak.held = undefined;
      release();
    }
    // close() waits for the run under way: the push went on after the answer.
    await sync.close();
    only(id);
  });

  it("settles without an error when Keycloak is down (the push is retried later)", async () => {
    await drainDue();
    const id = await addPerson();
    keycloak.unavailable = true;
    const sync = worker();
    try {
      await sync.settle(id, never);
    } finally {
      keycloak.unavailable = false;
    }
    expect(keycloak.usersOf(id)).toHaveLength(0);
    await sync.close();
    tick(2);
    expect(await syncDueUsers({ db: database.db, admin: keycloak.admin, now: () => now })).toEqual({
      pushed: 1,
      failed: 0,
    });
    only(id);
  });
});
