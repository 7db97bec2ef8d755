import { Redis } from "ioredis";
import type { Limiter } from "../app-deps.js";
import { hashKey, type RateLimitResult } from "./rate-limiter.js";

// INCR and the expiry of a new window in one script: atomic for every client of Redis.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/** A {@link Limiter} on Redis, with a close() for shutdown. */
export interface RedisRateLimiter extends Limiter {
  consume(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

/**
 * Fixed-window counters in Redis (REDIS_URL): the same interface as the database
 * limiter, for deployments where Redis already holds shared counters. Keys expire with
 * their window, so nothing needs purging.
 *
 * @example
 * const limiter = createRedisRateLimiter("redis://127.0.0.1:6379");
 */
export const createRedisRateLimiter = (
  url: string,
  keyPrefix = "portal:rate:",
): RedisRateLimiter => {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  return {
    consume: async (key, limit, windowSeconds) => {
      const [count, ttl] = (await redis.eval(
        CONSUME_SCRIPT,
        1,
        `${keyPrefix}${hashKey(key)}`,
        String(windowSeconds * 1000),
      )) as [number, number];
      const allowed = count <= limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ttl / 1000)) };
    },
    close: async () => {
      redis.disconnect();
    },
  };
};
