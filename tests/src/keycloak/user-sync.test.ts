import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/src/db/client.js";
import type { NewPersonRow } from "../../../server/src/db/schema/index.js";
import { createKeycloakAdmin } from "../../../server/src/provider/keycloak/admin-client.js";
import { syncDueUsers } from "../../../server/src/provider/keycloak/user-sync.js";
import { hashPassword } from "../../../server/src/security/password-hash.js";
import { databases, openTestDatabase } from "../../../server/src/test-support/databases.js";
import { personRows } from "../../../server/src/test-support/person-rows.js";
import { admin, issuer, redirectUri } from "./keycloak-env.js";
import { claimsFromLoginPage, signInOnLoginPage } from "./login-form.js";

// Issue 47 item 2 against Keycloak itself: the portal's database is the one source of
// truth, and the user sync (server/src/provider/keycloak/user-sync.ts) brings Keycloak's
// user of each person in step. The portal's own argon2id hash is imported as the user's
// password credential: the person signs in on Keycloak's login page with the password.

/** A loopback port nobody listens on: Keycloak "down" without stopping it. */
const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("no port");
  return address.port;
};

const pglite = databases.find((d) => d.name === "pglite");

describe("Keycloak's users kept in step with the portal's persons", () => {
  let database: Database;
  let now = new Date();
  const tick = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
    return now;
  };
  const id = randomUUID();
  let email = `sync-${id}@example.org`;
  const first = "First-Passw0rd!";
  const second = "Second-Passw0rd!";
  const third = "Third-Passw0rd!";
  const signIn = (password: string) =>
    signInOnLoginPage({ issuer, redirectUri, username: email, password });
  const sync = (through = admin) =>
    syncDueUsers({ db: database.db, admin: through, now: () => now });
  const change = (values: Partial<NewPersonRow>) =>
    personRows(database.db).update(id, values, tick(1));
  const usersOfPerson = () =>
    admin.get<unknown[]>(`/users?${new URLSearchParams({ q: `cr_id:${id}` })}`);

  beforeAll(async () => {
    if (!pglite) throw new Error("no PGlite test database");
    database = await openTestDatabase(pglite);
    await personRows(database.db).insert({
      id,
      email,
      passwordHash: await hashPassword(first),
      givenName: "Erika",
      surName: "Muster",
      roles: ["MEMBER"],
      memberMapping: "MEMBER",
      memberNumber: "4711",
      emailConfirmedAt: now,
      updatedAt: now,
    });
  });
  afterAll(async () => {
    await personRows(database.db).erase(id);
    await sync().catch(() => undefined);
    await database?.close();
  });

  it("creates the user with the attributes and the portal's own hash", async () => {
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    const [user] = await admin.get<{ attributes: unknown; enabled: boolean }[]>(
      `/users?${new URLSearchParams({ q: `cr_id:${id}`, briefRepresentation: "false" })}`,
    );
    expect(user?.enabled).toBe(true);
    expect(user?.attributes).toEqual({
      cr_id: [id],
      member_mapping: ["MEMBER"],
      member_number: ["4711"],
      roles: ["MEMBER"],
    });
  });

  it("signs the person in on Keycloak's page with the portal's password, the cr_* claims in the token", async () => {
    const claims = await claimsFromLoginPage({
      issuer,
      redirectUri,
      username: email,
      password: first,
    });
    expect(claims).toMatchObject({
      email,
      cr_id: id,
      cr_mapping: "MEMBER",
      cr_membernumber: "4711",
    });
  });

  it("refuses a wrong password", async () => {
    expect(await signIn(second)).toBe(false);
  });

  it("after a password change: the new password works", async () => {
    await change({ passwordHash: await hashPassword(second) });
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    expect(await signIn(second)).toBe(true);
  });

  it("after a password change: the old password fails", async () => {
    expect(await signIn(first)).toBe(false);
  });

  it("after an e-mail change: the new address signs in", async () => {
    email = `sync-new-${id}@example.org`;
    await change({ email });
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    expect(await signIn(second)).toBe(true);
  });

  it("while secured: the password signs nobody in", async () => {
    await change({ securedAt: now });
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    const [user] = await admin.get<{ id: string }[]>(
      `/users?${new URLSearchParams({ q: `cr_id:${id}` })}`,
    );
    const credentials = await admin.get<{ type: string }[]>(`/users/${user?.id}/credentials`);
    expect(credentials.map((c) => c.type)).not.toContain("password");
    expect(await signIn(second)).toBe(false);
  });

  it("a change made while Keycloak cannot be reached is completed once it is back", async () => {
    const down = createKeycloakAdmin({
      issuer: `http://127.0.0.1:${await closedPort()}/realms/portal`,
      clientId: "portal-support",
      clientSecret: "unused",
    });
    // The reset ends the securing with a new password; Keycloak is "down" meanwhile.
    await change({ securedAt: null, passwordHash: await hashPassword(third) });
    expect(await sync(down)).toEqual({ pushed: 0, failed: 1 });
    // Back, but the back-off's second is not over: nothing yet, nothing lost.
    expect(await sync()).toEqual({ pushed: 0, failed: 0 });
    tick(1);
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    expect(await signIn(third)).toBe(true);
  });

  it("disables the user while the account is closed", async () => {
    await change({ closedAt: now });
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    expect(await signIn(third)).toBe(false);
  });

  it("deletes the user when the person is erased", async () => {
    expect(await usersOfPerson()).toHaveLength(1);
    await personRows(database.db).erase(id);
    expect(await sync()).toEqual({ pushed: 1, failed: 0 });
    expect(await usersOfPerson()).toEqual([]);
  });
});
