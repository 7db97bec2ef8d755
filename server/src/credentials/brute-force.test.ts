import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { flushHeldWrites, withRequestCache } from "../db/request-cache.js";
import { identityLoginFailures } from "../db/schema/identity.js";
import { databases, openTestDatabase } from "../test-support/databases.js";
import {
  FREE_FAILURES,
  recordSuccess,
  reserveAttempt,
  secondsLocked,
  subjectOf,
} from "./brute-force.js";

// Issue 14: "the wait is checked before the password check and the failure counted after
// it, so 20 wrong passwords sent at once are all checked". An attempt is now reserved in
// one statement before its check.

describe.each(databases)("sign-in attempts reserved atomically on $name", (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database?.close());

  const address = (label: string) => `${label}.${Math.random().toString(36).slice(2)}@example.org`;

  it("lets at most five of 20 parallel attempts through, with the waits of the 1st to 5th failure", async () => {
    const email = address("parallel");
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () => reserveAttempt(database.db, email)),
    );
    const allowed = attempts.filter((a) => a.allowed);
    expect(allowed).toHaveLength(FREE_FAILURES + 1);
    expect(allowed.map((a) => a.waitIfWrong).sort((x, y) => x - y)).toEqual([0, 0, 0, 0, 60]);
    for (const refused of attempts.filter((a) => !a.allowed)) {
      expect(refused.wait).toBeGreaterThan(0);
      expect(refused.wait).toBeLessThanOrEqual(60);
    }
    expect(await secondsLocked(database.db, email)).toBeGreaterThan(55);
  });

  it("counts addresses apart and case-insensitively", async () => {
    const email = address("case");
    for (let i = 0; i < FREE_FAILURES + 1; i++) await reserveAttempt(database.db, email);
    expect((await reserveAttempt(database.db, email.toUpperCase())).allowed).toBe(false);
    expect((await reserveAttempt(database.db, address("other"))).allowed).toBe(true);
  });

  it("allows the next attempt once the wait is over and doubles the wait it would cost", async () => {
    const email = address("expired");
    for (let i = 0; i < FREE_FAILURES + 1; i++) await reserveAttempt(database.db, email);
    expect((await reserveAttempt(database.db, email)).allowed).toBe(false);
    // The minute has passed (moved in the database, whose clock the wait uses).
    await database.db
      .update(identityLoginFailures)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(
        sql`${identityLoginFailures.lockedUntil} is not null and ${identityLoginFailures.failures} = 5`,
      );
    const next = await reserveAttempt(database.db, email);
    expect(next).toEqual({ allowed: true, waitIfWrong: 120 });
  });

  it("clears the count on success", async () => {
    const email = address("success");
    for (let i = 0; i < FREE_FAILURES; i++) await reserveAttempt(database.db, email);
    await recordSuccess(database.db, email);
    const attempts = [];
    for (let i = 0; i < FREE_FAILURES; i++) attempts.push(await reserveAttempt(database.db, email));
    expect(attempts.every((a) => a.allowed && a.waitIfWrong === 0)).toBe(true);
  });

  it("clears the count with the request's other writes, before its answer", async () => {
    const email = address("held");
    for (let i = 0; i < FREE_FAILURES; i++) await reserveAttempt(database.db, email);
    const count = () =>
      database.db
        .select()
        .from(identityLoginFailures)
        .where(eq(identityLoginFailures.subjectHash, subjectOf(email)))
        .then((rows) => rows.length);
    expect(await count()).toBe(1);
    await withRequestCache(async () => {
      await recordSuccess(database.db, email);
      // Held: not sent until the request sends its writes.
      expect(await count()).toBe(1);
      await flushHeldWrites();
      expect(await count()).toBe(0);
    });
  });
});
