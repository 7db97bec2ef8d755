import { type Clock, systemClock } from "@portal/core";
import { Redis } from "ioredis";
import { type Limiter, LimiterUnavailable } from "./limiter.js";
import { hashKey, type RateLimitResult } from "./rate-limiter.js";
import { REDIS_COMMAND_DEADLINE_MS, withDeadline } from "./redis-deadline.js";

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

/** Seconds a refused caller is told to wait while Redis cannot be reached. */
export const REDIS_DOWN_RETRY_AFTER_SECONDS = 5;

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
  // A stopped Redis fails a command after two reconnection attempts; one that does not answer
  // connecting within connectTimeout is given up and tried again; a command that gets no
  // answer meets its deadline (redis-deadline.ts). Commands left unanswered on a connection
  // that broke are refused, not sent again on the next one: their callers may have been
  // refused at the deadline already, and a count sent twice would count one call twice.
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectTimeout: REDIS_COMMAND_DEADLINE_MS,
    autoResendUnfulfilledCommands: false,
  });
  // Without a listener ioredis writes each failed reconnection to stderr, several a second
  // while Redis is down. Each refused call is logged by the request that met it (503 above).
  redis.on("error", () => undefined);
  return {
    consume: async (key, limit, windowSeconds) => {
      let count: number;
      let ttl: number;
      try {
        // "w:": a hash of start and count, not the plain counter of earlier versions.
        [count, ttl] = (await withDeadline(
          redis.eval(
            CONSUME_SCRIPT,
            1,
            `${keyPrefix}w:${hashKey(key)}`,
            String(windowSeconds * 1000),
            String(clock.now().getTime()),
          ),
          REDIS_COMMAND_DEADLINE_MS,
        )) as [number, number];
      } catch (error) {
        throw new LimiterUnavailable(REDIS_DOWN_RETRY_AFTER_SECONDS, { cause: error });
      }
      const allowed = count <= limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ttl / 1000)) };
    },
    close: async () => {
      redis.disconnect();
    },
  };
};
