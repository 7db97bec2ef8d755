import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSecurityEvents } from "../../activity/security-events.js";
import type { Database } from "../../db/client.js";
import { databases, openTestDatabase } from "../../test-support/databases.js";
import { personRows } from "../../test-support/person-rows.js";
import type { KeycloakAdmin } from "./admin-client.js";
import { EVENTS_PAGE, importSignIns, type KeycloakEvent } from "./sign-in-import.js";

// The copy of Keycloak's login events into the activity (sign-in-import.ts), with the admin
// API answered in memory as Keycloak answers it (tests/src/keycloak/sign-in-import.test.ts
// runs it against Keycloak itself): newest first, paged by first/max.
const PARALLEL = 8;
const NOW = new Date("2026-11-29T10:00:00.000Z");

const adminAnswering = (events: KeycloakEvent[], users: Record<string, string>): KeycloakAdmin => ({
  get: async <T>(path: string): Promise<T> => {
    const url = new URL(path, "http://keycloak");
    if (url.pathname === "/events") {
      const types = url.searchParams.getAll("type");
      const first = Number(url.searchParams.get("first"));
      const max = Number(url.searchParams.get("max"));
      const matching = events
        .filter((e) => types.includes(e.type))
        .sort((a, b) => b.time - a.time)
        .slice(first, first + max);
      return matching as T;
    }
    const user = /^\/users\/([^/]+)$/.exec(url.pathname)?.[1];
    if (user && users[user]) return { attributes: { cr_id: [users[user]] } } as T;
    throw new Error(`404 ${path}`);
  },
  send: async () => undefined,
  write: async () => undefined,
});

const event = (values: Partial<KeycloakEvent> & Pick<KeycloakEvent, "type">): KeycloakEvent => ({
  id: randomUUID(),
  time: NOW.getTime() - 60_000,
  userId: "kc-user",
  ipAddress: "203.0.113.77",
  ...values,
});

describe.each(databases)("Keycloak's sign-in events into the activity ($name)", (testDatabase) => {
  let database: Database;
  const personId = randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase(testDatabase);
    await personRows(database.db).insert({
      id: personId,
      email: `kc-events-${personId}@example.org`,
      passwordHash: "unused",
      givenName: "Erika",
      surName: "Muster",
      emailConfirmedAt: NOW,
      updatedAt: NOW,
    });
  });
  afterAll(async () => {
    await personRows(database.db).erase(personId);
    await database?.close();
  });

  const kinds = async () =>
    (await listSecurityEvents(database.db, personId, NOW)).events.map((e) => [e.kind, e.address]);

  it("copies sign-ins and wrong passwords once when many processes copy at once", async () => {
    const events = [
      event({ type: "LOGIN" }),
      event({
        type: "LOGIN_ERROR",
        error: "invalid_user_credentials",
        time: NOW.getTime() - 90_000,
      }),
      // Not the person's attention: an expired code, a user nobody maps, no user at all,
      // an event older than the activity keeps.
      event({ type: "LOGIN_ERROR", error: "expired_code" }),
      event({ type: "LOGIN", userId: "someone-else" }),
      event({ type: "LOGIN_ERROR", error: "user_not_found", userId: null }),
      event({ type: "LOGIN", time: NOW.getTime() - 91 * 86_400_000 }),
    ];
    const admin = adminAnswering(events, { "kc-user": personId });
    const runs = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        importSignIns({ db: database.db, admin, since: 0, now: () => NOW }),
      ),
    );
    expect(runs.reduce((sum, run) => sum + run.imported, 0)).toBe(2);
    expect(await kinds()).toEqual([
      ["sign-in", "203.0.113.x"],
      ["sign-in-failed", "203.0.113.x"],
    ]);
  });

  it("reads page after page back to where the last run stopped, and says how far it got", async () => {
    const before = (await kinds()).length;
    const since = NOW.getTime() - 3_600_000;
    const events = Array.from({ length: EVENTS_PAGE + 5 }, (_, i) =>
      event({ type: "LOGIN", time: NOW.getTime() - i * 1000 }),
    );
    const admin = adminAnswering(events, { "kc-user": personId });
    const run = await importSignIns({ db: database.db, admin, since, now: () => NOW });
    expect(run).toEqual({ imported: EVENTS_PAGE + 5, newest: NOW.getTime() });
    expect((await listSecurityEvents(database.db, personId, NOW)).events.length).toBeGreaterThan(
      before,
    );
  });

  it("skips a person who is gone", async () => {
    const gone = randomUUID();
    const admin = adminAnswering([event({ type: "LOGIN", userId: "gone" })], { gone });
    expect(await importSignIns({ db: database.db, admin, since: 0, now: () => NOW })).toMatchObject(
      { imported: 0 },
    );
  });
});
