import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { webauthnChallenges } from "../../db/schema/passkeys.js";
import { databases, openTestDatabase } from "../../test-support/databases.js";
import {
  CHALLENGE_MINUTES,
  dropExpiredChallenges,
  newChallenge,
  takeChallenge,
} from "./passkey-challenges.js";

// Issue 48: a challenge is stateless until it is used (the login page's conditional UI
// stored one per visit); what made it safe when stored must hold as it is now.

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url");

describe.each(databases)("passkey challenges on $name", (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database?.close());

  const now = new Date("2026-11-29T12:00:00Z");
  const uid = () => `uid-${Math.random().toString(36).slice(2)}`;

  it("is taken once, of 10 parallel uses", async () => {
    const id = uid();
    const challenge = b64(newChallenge(id, "login", null, now));
    const taken = await Promise.all(
      Array.from({ length: 10 }, () =>
        takeChallenge(database.db, id, "login", challenge, null, now),
      ),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it("is refused for another interaction, purpose or person, altered, or expired", async () => {
    const id = uid();
    const person = "0b9f3c1e-5f44-4b53-9d35-2c4a1b8e7f10";
    const challenge = b64(newChallenge(id, "second-factor", person, now));
    const take = (
      ...args: [string, "second-factor" | "login", string, string | null, Date]
    ): Promise<boolean> => takeChallenge(database.db, ...args);
    expect(await take(uid(), "second-factor", challenge, person, now)).toBe(false);
    expect(await take(id, "login", challenge, person, now)).toBe(false);
    expect(await take(id, "second-factor", challenge, null, now)).toBe(false);
    const altered = Buffer.from(challenge, "base64url");
    altered[0] = (altered[0] ?? 0) ^ 1;
    expect(await take(id, "second-factor", b64(altered), person, now)).toBe(false);
    expect(await take(id, "second-factor", "c2hvcnQ", person, now)).toBe(false);
    const late = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);
    expect(await take(id, "second-factor", challenge, person, late)).toBe(false);
    // Nothing of those was kept; the right use is taken and kept until the expiry.
    expect(await take(id, "second-factor", challenge, person, now)).toBe(true);
    const rows = await database.db.select().from(webauthnChallenges);
    const kept = rows.filter((r) => r.expiresAt.getTime() === late.getTime());
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(await take(id, "second-factor", challenge, person, now)).toBe(false);
    // Once expired, the mark goes (the challenge is refused by its expiry then).
    await dropExpiredChallenges(database.db, new Date(late.getTime() + 1));
    const left = await database.db.select().from(webauthnChallenges);
    expect(left.filter((r) => r.expiresAt.getTime() === late.getTime())).toHaveLength(0);
  });
});
