import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FREE_FAILURES } from "../../credentials/index.js";
import type { Database } from "../../db/client.js";
import { databases, openTestDatabase } from "../../test-support/databases.js";
import { createPerson } from "../testing/identity-kit.js";
import { reserveAndFindSignInAccount } from "./sign-in-account.js";

// Issue 48: the password step reserves its attempt (credentials/brute-force.ts) and reads the
// account in one statement; the reservation must stay as atomic as on its own (issue 14).

describe.each(databases)("the attempt reserved with the account on $name", (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database?.close());

  const address = (label: string) => `${label}.${Math.random().toString(36).slice(2)}@example.org`;

  it("reserves with the account read in one statement, as atomically: 5 of 20 parallel", async () => {
    const person = await createPerson(database.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => reserveAndFindSignInAccount(database.db, person.email)),
    );
    const allowed = results.filter((r) => r.attempt.allowed).map((r) => r.attempt);
    expect(allowed).toHaveLength(FREE_FAILURES + 1);
    expect(allowed.map((a) => (a.allowed ? a.waitIfWrong : -1)).sort((x, y) => x - y)).toEqual([
      0, 0, 0, 0, 60,
    ]);
    for (const { attempt } of results.filter((r) => !r.attempt.allowed)) {
      expect(attempt.allowed ? 0 : attempt.wait).toBeGreaterThan(0);
      expect(attempt.allowed ? 0 : attempt.wait).toBeLessThanOrEqual(60);
    }
    expect(results.every((r) => r.account?.id === person.id)).toBe(true);
    // Refused once the wait runs, with the seconds left, read in the same statement.
    const locked = await reserveAndFindSignInAccount(database.db, person.email);
    expect(locked.attempt.allowed).toBe(false);
    expect(locked.attempt.allowed ? 0 : locked.attempt.wait).toBeGreaterThan(55);
    // An unknown address is counted the same, and names no account.
    const unknown = await reserveAndFindSignInAccount(database.db, address("unknown"));
    expect(unknown).toEqual({ attempt: { allowed: true, waitIfWrong: 0 }, account: undefined });
  });
});
