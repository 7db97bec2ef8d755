import { type Clock, systemClock } from "@portal/core";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { rateLimits } from "../db/schema/rate-limits.js";
import { keyedHash } from "../security/keyed-hash.js";
import type { Limiter } from "./limiter.js";

/** The answer of one counted attempt. */
export interface RateLimitResult {
  readonly allowed: boolean;
  /** Seconds until the window ends; 0 when allowed. */
  readonly retryAfterSeconds: number;
}

/** A limiter whose counters live in the database, shared by every process on it. */
export interface RateLimiter extends Limiter {
  consume(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Deletes counters whose window has ended (they would be reset on next use anyway). */
  purgeExpired(): Promise<number>;
}

// Keys name client addresses and e-mail addresses: only their keyed hash is stored, so a
// copy of the counters cannot be matched against a list of addresses.
export const hashKey = (key: string): string => keyedHash("rate-limit", key);

// Every this many calls a process clears ended windows, so the table stays small.
const PURGE_EVERY = 500;

/** Seconds until a window that started at `start` ends, at least 1. */
export const secondsLeft = (start: Date, windowSeconds: number, now: Date): number =>
  Math.max(1, Math.ceil((start.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));

/**
 * Fixed-window counters in the `rate_limits` table: each call is ONE atomic upsert that
 * either counts in the running window or starts a new one, so concurrent processes on
 * one PostgreSQL database share the budget exactly.
 *
 * @example
 * const limiter = createRateLimiter(database.db);
 * const { allowed, retryAfterSeconds } = await limiter.consume("register:ip:10.0.0.1", 20, 3600);
 */
export const createRateLimiter = (db: Db, clock: Clock = systemClock): RateLimiter => {
  let calls = 0;
  const purgeExpired = async (): Promise<number> => {
    const now = clock.now();
    const removed = await db
      .delete(rateLimits)
      .where(
        lt(
          sql`${rateLimits.windowStart} + make_interval(secs => ${rateLimits.windowSeconds})`,
          now,
        ),
      )
      .returning({ key: rateLimits.key });
    return removed.length;
  };
  return {
    purgeExpired,
    consume: async (key, limit, windowSeconds) => {
      const now = clock.now();
      // The SET expressions see the row as it was: an ended window (or a changed window
      // length) restarts at now with count 1, else the count goes up by one.
      const ended = sql`(${rateLimits.windowStart} + make_interval(secs => ${rateLimits.windowSeconds}) <= excluded.window_start or ${rateLimits.windowSeconds} <> excluded.window_seconds)`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key: hashKey(key), windowStart: now, windowSeconds, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${ended} then excluded.window_start else ${rateLimits.windowStart} end`,
            windowSeconds: sql`excluded.window_seconds`,
          },
        })
        .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
      calls += 1;
      if (calls % PURGE_EVERY === 0) await purgeExpired();
      if (!row) throw new Error("rate-limit upsert returned no row");
      const allowed = row.count <= limit;
      return {
        allowed,
        retryAfterSeconds: allowed ? 0 : secondsLeft(row.windowStart, windowSeconds, now),
      };
    },
  };
};
