import { randomBytes } from "node:crypto";
import { createServer, type Socket } from "node:net";
import { afterAll, describe, expect, it, vi } from "vitest";
import { testClock } from "../test-support/test-server.js";
import { REDIS_COMMAND_DEADLINE_MS } from "./redis-deadline.js";
import { createRedisRateLimiter, REDIS_DOWN_RETRY_AFTER_SECONDS } from "./redis-rate-limiter.js";

// CI and the development machines run Redis at 127.0.0.1:6379 (see the common set-up).
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("Redis rate limiter", () => {
  const prefix = `portal:test:${randomBytes(4).toString("hex")}:`;
  const first = createRedisRateLimiter(REDIS_URL, prefix);
  const second = createRedisRateLimiter(REDIS_URL, prefix);
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("allows `limit` calls per window across clients, then refuses with Retry-After seconds", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).consume("k", 4, 30)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(4);
    const refused = results.find((r) => !r.allowed);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it("starts a new window when the old one has ended, by the clock it is given", async () => {
    const clock = testClock();
    clock.freeze(new Date());
    const timed = createRedisRateLimiter(REDIS_URL, prefix, clock);
    try {
      expect((await timed.consume("short", 1, 1)).allowed).toBe(true);
      clock.advance(999);
      expect(await timed.consume("short", 1, 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      clock.advance(1);
      expect((await timed.consume("short", 1, 1)).allowed).toBe(true);
    } finally {
      await timed.close();
    }
  });
});

describe("Redis rate limiter without a Redis", () => {
  it("refuses (LimiterUnavailable with a retry-after, answered 503 by the edge) instead of counting nothing (fail closed)", async () => {
    // Port 1: nothing listens, the connection is refused at once.
    const limiter = createRedisRateLimiter("redis://127.0.0.1:1", "portal:test:none:");
    try {
      await expect(limiter.consume("k", 4, 30)).rejects.toMatchObject({
        name: "LimiterUnavailable",
        retryAfterSeconds: REDIS_DOWN_RETRY_AFTER_SECONDS,
      });
    } finally {
      await limiter.close();
    }
  });
});

describe("Redis rate limiter with a Redis that hangs", () => {
  it("refuses once the command deadline has passed without an answer (fail closed), not after the balancer's timeout", async () => {
    // A hung Redis: the connection is accepted, nothing is ever answered.
    const held = new Set<Socket>();
    const silent = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    // The deadline is the test's time; the sockets stay real.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const limiter = createRedisRateLimiter(`redis://127.0.0.1:${port}`, "portal:test:hung:");
    try {
      let outcome: unknown = "pending";
      const refused = limiter.consume("k", 4, 30).then(
        () => "allowed or counted",
        (error: unknown) => {
          outcome = error;
        },
      );
      await vi.advanceTimersByTimeAsync(REDIS_COMMAND_DEADLINE_MS - 1);
      expect(held.size).toBe(1);
      expect(outcome).toBe("pending");
      await vi.advanceTimersByTimeAsync(1);
      await refused;
      expect(outcome).toMatchObject({
        name: "LimiterUnavailable",
        retryAfterSeconds: REDIS_DOWN_RETRY_AFTER_SECONDS,
      });
    } finally {
      vi.useRealTimers();
      await limiter.close();
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
