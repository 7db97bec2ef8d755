import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../db/schema/rate-limits.js";
import { databases, openTestDatabase } from "../test-support/databases.js";
import { testClock } from "../test-support/test-server.js";
import { createRateLimiter, hashKey } from "./rate-limiter.js";

describe.each(databases)("database rate limiter on $name", (target) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const clock = testClock();
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(async () => database?.close());

  it("allows `limit` calls per window, then refuses with the seconds left", async () => {
    const limiter = createRateLimiter(database.db, clock);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.consume("register:ip:10.0.0.1", 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[0]?.retryAfterSeconds).toBe(0);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThan(55);
    expect(results[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);

    clock.advance(30_000);
    const later = await limiter.consume("register:ip:10.0.0.1", 3, 60);
    expect(later.allowed).toBe(false);
    expect(later.retryAfterSeconds).toBeLessThanOrEqual(30);

    // A new window starts once the old one has ended.
    clock.advance(31_000);
    expect((await limiter.consume("register:ip:10.0.0.1", 3, 60)).allowed).toBe(true);
  });

  it("counts keys apart and stores only their hashes", async () => {
    const limiter = createRateLimiter(database.db, clock);
    expect((await limiter.consume("resend:to:a@example.org", 1, 60)).allowed).toBe(true);
    expect((await limiter.consume("resend:to:b@example.org", 1, 60)).allowed).toBe(true);
    expect((await limiter.consume("resend:to:a@example.org", 1, 60)).allowed).toBe(false);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map(
      (r) => r.key,
    );
    expect(keys).toContain(hashKey("resend:to:a@example.org"));
    expect(keys.join(" ")).not.toContain("example.org");
  });

  it("shares one budget between limiters (processes) on the same database, also under concurrency", async () => {
    const first = createRateLimiter(database.db, clock);
    const second = createRateLimiter(database.db, clock);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).consume("shared", 7, 60)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
  });

  it("purges counters whose window has ended", async () => {
    const limiter = createRateLimiter(database.db, clock);
    await limiter.consume("short-lived", 5, 1);
    clock.advance(2_000);
    expect(await limiter.purgeExpired()).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map(
      (r) => r.key,
    );
    expect(keys).not.toContain(hashKey("short-lived"));
  });
});
