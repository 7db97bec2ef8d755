import { type Clock, systemClock } from "@portal/core";
import { Redis } from "ioredis";
import type { Limiter } from "./limiter.js";
import { hashKey, type RateLimitResult } from "./rate-limiter.js";

// Count in the running window or start a new one, in one script: atomic for every client of
// Redis. The window's start is the portal's clock (ARGV[2], milliseconds), as in the database
// limiter, so tests move time instead of waiting; Redis's own expiry only removes the key.
// Returns the count and the milliseconds left in the window.
const CONSUME_SCRIPT = `
local window = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local start = tonumber(redis.call('HGET', KEYS[1], 'start'))
local count
if (not start) or now >= start + window then
  start = now
  count = 1
  redis.call('HSET', KEYS[1], 'start', start, 'count', 1)
else
  count = redis.call('HINCRBY', KEYS[1], 'count', 1)
end
-- A call stamped just before the window's start (it reached Redis after a later one, or
-- another process's clock is a little behind) is in the window; it ends no later.
local left = math.min(start + window - now, window)
redis.call('PEXPIRE', KEYS[1], left)
return {count, left}
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
  clock: Clock = systemClock,
): RedisRateLimiter => {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  return {
    consume: async (key, limit, windowSeconds) => {
      // "w:": a hash of start and count, not the plain counter of earlier versions.
      const [count, ttl] = (await redis.eval(
        CONSUME_SCRIPT,
        1,
        `${keyPrefix}w:${hashKey(key)}`,
        String(windowSeconds * 1000),
        String(clock.now().getTime()),
      )) as [number, number];
      const allowed = count <= limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ttl / 1000)) };
    },
    close: async () => {
      redis.disconnect();
    },
  };
};
