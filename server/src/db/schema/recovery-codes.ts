import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { persons } from "./persons.js";

/**
 * Recovery codes (Keycloak's `recovery-authn-codes`): one row per code of the person's
 * current set, only its keyed hash (credentials/recovery-codes/recovery-codes.ts); `used_at` is set
 * once, by the one statement that accepts the code.
 */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    personId: uuid("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("recovery_codes_person_idx").on(t.personId),
    uniqueIndex("recovery_codes_person_hash_idx").on(t.personId, t.codeHash),
  ],
);

export type RecoveryCodeRow = typeof recoveryCodes.$inferSelect;
