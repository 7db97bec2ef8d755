import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window rate-limit counters shared by every process on the database. One row
 * per key; a new window resets the count in the same atomic upsert that counts.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
  windowSeconds: integer("window_seconds").notNull(),
  count: integer("count").notNull(),
});
