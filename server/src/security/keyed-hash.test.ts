import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { databases, openTestDatabase } from "../test-support/databases.js";
import { installKeyedHashSecret, keyedHash, loadKeyedHashSecret } from "./keyed-hash.js";

describe("keyed hash of addresses", () => {
  it("is stable under one secret, differs per purpose and per secret, and is no plain SHA-256", () => {
    installKeyedHashSecret("a".repeat(32));
    const first = keyedHash("login", "erika@example.org");
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(keyedHash("login", "erika@example.org")).toBe(first);
    expect(keyedHash("rate-limit", "erika@example.org")).not.toBe(first);
    expect(first).not.toBe(createHash("sha256").update("login:erika@example.org").digest("hex"));
    installKeyedHashSecret("b".repeat(32));
    expect(keyedHash("login", "erika@example.org")).not.toBe(first);
  });

  it("reads KEYED_HASH_SECRET, and refuses one shorter than 32 characters", () => {
    expect(loadConfig({}).keyedHashSecret).toBeUndefined();
    const secret = "s".repeat(40);
    expect(loadConfig({ KEYED_HASH_SECRET: secret }).keyedHashSecret).toBe(secret);
    expect(() => loadConfig({ KEYED_HASH_SECRET: "short" })).toThrow(ConfigError);
    expect(() => loadConfig({ KEYED_HASH_SECRET: "short" })).toThrow(/KEYED_HASH_SECRET/);
  });
});

describe.each(databases)("keyed-hash secret on $name", (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database?.close());

  it("is generated once and kept, so every process on the database agrees; the variable wins", async () => {
    const [one, two] = await Promise.all([
      loadKeyedHashSecret(database.db, { keyedHashSecret: undefined }),
      loadKeyedHashSecret(database.db, { keyedHashSecret: undefined }),
    ]);
    expect(one.length).toBeGreaterThanOrEqual(32);
    expect(two).toBe(one);
    expect(await loadKeyedHashSecret(database.db, { keyedHashSecret: undefined })).toBe(one);
    const set = "x".repeat(32);
    expect(await loadKeyedHashSecret(database.db, { keyedHashSecret: set })).toBe(set);
  });
});
