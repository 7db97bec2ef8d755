import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type MembershipRow, memberships, persons } from "../db/schema/index.js";
import { hashPassword } from "../security/password-hash.js";
import { API, confirmedAccount, jsonRequest } from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import { untilALockIsAwaited } from "../test-support/lock-waits.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { linkMembership } from "./membership-link.js";

// Security review #7: two links of one person to different memberships at once could
// leave the person holding both on PostgreSQL (each release statement saw the other's
// membership as still free), with the person row naming one and the other taken for good.
// linkMembership now locks the person row first, so one person's links run one by one.

const PERSONAL = "persoenlich-1";
const GENERAL = "allgemein-2";
let hashes: Promise<[string, string]> | undefined;
const passwordHashes = () => {
  hashes ??= Promise.all([hashPassword(PERSONAL), hashPassword(GENERAL)]);
  return hashes;
};

const issueMembership = async (t: TestServer): Promise<MembershipRow> => {
  const [personalPasswordHash, generalPasswordHash] = await passwordHashes();
  const [row] = await t.server.database.db
    .insert(memberships)
    .values({
      mitgliedskennung: String(randomInt(100_000_000, 999_999_999)),
      memberNumber: String(randomInt(100_000, 989_999)),
      personalPasswordHash,
      generalPasswordHash,
    })
    .returning();
  if (!row) throw new Error("membership insert returned nothing");
  return row;
};

const link = (t: TestServer, token: string, m: MembershipRow) =>
  t.call(
    `${API}/persons/me/register-mitgliedskennung`,
    jsonRequest(
      {
        mitgliedskennung: m.mitgliedskennung,
        personalPassword: PERSONAL,
        generalPassword: GENERAL,
      },
      { token },
    ),
  );

const heldBy = async (t: TestServer, personId: string) =>
  (
    await t.server.database.db
      .select({ mitgliedskennung: memberships.mitgliedskennung })
      .from(memberships)
      .where(eq(memberships.personId, personId))
  ).map((r) => r.mitgliedskennung);

const personOf = async (t: TestServer, personId: string) => {
  const [row] = await t.server.database.db
    .select({ mitgliedskennung: persons.mitgliedskennung, memberMapping: persons.memberMapping })
    .from(persons)
    .where(eq(persons.id, personId));
  return row;
};

const ownerOf = async (t: TestServer, m: MembershipRow) => {
  const [row] = await t.server.database.db
    .select({ personId: memberships.personId })
    .from(memberships)
    .where(eq(memberships.mitgliedskennung, m.mitgliedskennung));
  return row?.personId;
};

describe.each(databases)("parallel membership links of one person on $name", (target) => {
  const server = useTestServer(target);

  it("four links at once to four memberships: the person holds exactly one, the row names it, the rest stay free", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const offered = await Promise.all([1, 2, 3, 4].map(() => issueMembership(t)));
    const answers = await Promise.all(offered.map((m) => link(t, a.token, m)));
    // One after another, each link succeeds and replaces the one before.
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const held = await heldBy(t, a.id);
    expect(held).toHaveLength(1);
    const kept = offered.find((m) => m.mitgliedskennung === held[0]);
    expect(await personOf(t, a.id)).toEqual({
      mitgliedskennung: kept?.mitgliedskennung,
      memberMapping: `${kept?.memberNumber}:${kept?.mitgliedskennung}`,
    });
    // The others are free: another person can link one.
    const free = offered.filter((m) => m !== kept);
    for (const m of free) expect(await ownerOf(t, m)).toBeNull();
    const b = await confirmedAccount(t);
    expect((await link(t, b.token, free[0]!)).status).toBe(200);
    expect(await heldBy(t, b.id)).toEqual([free[0]?.mitgliedskennung]);
  });

  it("a second link waits for the first one's transaction, then releases its membership", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const [m1, m2] = [await issueMembership(t), await issueMembership(t)];
    const { database } = t.server;
    let commitFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => {
      commitFirst = resolve;
    });
    let firstLinked!: () => void;
    const firstHasLinked = new Promise<void>((resolve) => {
      firstLinked = resolve;
    });
    // The first link has taken M1 and written the person, but has not committed yet:
    // the interleaving of statements that left both memberships held.
    const first = database.transaction(async (tx) => {
      const linked = await linkMembership(tx, m1!, a.id, new Date());
      firstLinked();
      await firstMayCommit;
      return linked;
    });
    await firstHasLinked;
    let secondDone = false;
    const second = database
      .transaction((tx) => linkMembership(tx, m2!, a.id, new Date()))
      .finally(() => {
        secondDone = true;
      });
    await untilALockIsAwaited(database);
    expect(secondDone).toBe(false);
    commitFirst();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(await heldBy(t, a.id)).toEqual([m2?.mitgliedskennung]);
    expect((await personOf(t, a.id))?.mitgliedskennung).toBe(m2?.mitgliedskennung);
    expect(await ownerOf(t, m1!)).toBeNull();
  });
});
