import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { mfaCredentials } from "../db/schema/index.js";
import { databases, openTestDatabase } from "../test-support/databases.js";
import { personRows } from "../test-support/person-rows.js";
import { installKeyedHashSecret } from "./keyed-hash.js";
import {
  isSealed,
  openSecret,
  sealLegacyTotpSecrets,
  sealSecret,
  TOTP_SECRET,
} from "./sealed-secret.js";

const KEY = "JBSWY3DPEHPK3PXP";

describe("sealed secrets (authenticator-app keys at rest)", () => {
  beforeAll(() => installKeyedHashSecret("a-deployment-secret-of-at-least-32-characters"));

  it("opens what it sealed, and seals the same key differently each time", () => {
    const a = sealSecret(TOTP_SECRET, KEY);
    const b = sealSecret(TOTP_SECRET, KEY);
    expect(a).not.toBe(b);
    expect(a).not.toContain(KEY);
    expect(openSecret(TOTP_SECRET, a)).toBe(KEY);
    expect(openSecret(TOTP_SECRET, b)).toBe(KEY);
  });

  it.each([
    ["another purpose", (s: string) => [s, "recovery"] as const],
    [
      "a changed byte",
      (s: string) =>
        [`${s.slice(0, -2)}${s.endsWith("A") ? "B" : "A"}${s.slice(-1)}`, TOTP_SECRET] as const,
    ],
    ["a cut value", (s: string) => [s.slice(0, 10), TOTP_SECRET] as const],
  ])("does not open with %s", (_, change) => {
    const [stored, purpose] = change(sealSecret(TOTP_SECRET, KEY));
    expect(openSecret(purpose, stored)).toBeUndefined();
  });

  it("does not open under another deployment's secret", () => {
    const stored = sealSecret(TOTP_SECRET, KEY);
    installKeyedHashSecret("another-deployment-secret-of-32-characters!");
    expect(openSecret(TOTP_SECRET, stored)).toBeUndefined();
    installKeyedHashSecret("a-deployment-secret-of-at-least-32-characters");
    expect(openSecret(TOTP_SECRET, stored)).toBe(KEY);
  });

  it("reads a key written before sealing as it is", () => {
    expect(isSealed(KEY)).toBe(false);
    expect(openSecret(TOTP_SECRET, KEY)).toBe(KEY);
  });
});

describe.each(databases)(
  "keys written before sealing are sealed at start ($name)",
  (testDatabase) => {
    let database: Database;
    const personId = randomUUID();
    beforeAll(async () => {
      installKeyedHashSecret("a-deployment-secret-of-at-least-32-characters");
      database = await openTestDatabase(testDatabase);
      await personRows(database.db).insert({
        id: personId,
        email: `sealed-${personId}@example.org`,
        passwordHash: "unused",
        givenName: "Erika",
        surName: "Muster",
      });
      await database.db
        .insert(mfaCredentials)
        .values({ personId, type: "AUTHENTICATOR_APP", secret: KEY });
    });
    afterAll(async () => {
      await personRows(database.db).erase(personId);
      await database?.close();
    });

    it("once, however many processes start at once", async () => {
      const counts = await Promise.all(
        Array.from({ length: 6 }, () => sealLegacyTotpSecrets(database.db)),
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      const [row] = await database.db
        .select()
        .from(mfaCredentials)
        .where(eq(mfaCredentials.personId, personId));
      expect(row?.secret && isSealed(row.secret)).toBe(true);
      expect(row?.secret && openSecret(TOTP_SECRET, row.secret)).toBe(KEY);
    });
  },
);
