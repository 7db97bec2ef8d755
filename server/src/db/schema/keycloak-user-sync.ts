import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * How far Keycloak's user of each person is in step with the person's row (Keycloak mode
 * only; provider/keycloak/user-sync.ts). The portal's database is the truth: a row is due
 * while its person's `updated_at` differs from `pushed_version`, or when its person is gone
 * (erased: the row is the tombstone, so it has no foreign key and outlives the person).
 * `run_after` is both the lease of the process pushing it and the back-off after a failure.
 */
export const keycloakUserSync = pgTable("keycloak_user_sync", {
  personId: uuid("person_id").primaryKey(),
  /**
   * The person's `updated_at` of the last successful push, to the millisecond (a JavaScript
   * date; a row written with SQL's now() has microseconds, compared truncated); null: never.
   */
  pushedVersion: instant("pushed_version"),
  /**
   * What the last push left as the password credential: a SHA-256 of the pushed hash, or
   * `none` (no password: the account is secured). Null: none pushed yet.
   */
  pushedPassword: text("pushed_password"),
  attempts: integer("attempts").notNull().default(0),
  runAfter: instant("run_after").notNull().defaultNow(),
  /** The last failure's message (method, path, status; never personal data). */
  lastError: text("last_error"),
});

export type KeycloakUserSyncRow = typeof keycloakUserSync.$inferSelect;
