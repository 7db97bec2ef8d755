import type { MfaType } from "@portal/contracts";
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { FactorOrigin } from "./passkeys.js";
import { persons } from "./persons.js";

/** Second factors, shared by the API (listing) and the identity provider (use, setup). */
export const mfaCredentials = pgTable(
  "mfa_credentials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    personId: uuid("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    type: text("type").$type<MfaType>().notNull(),
    /** TOTP secret (base32); null for EMAIL. */
    secret: text("secret"),
    /** Last accepted TOTP time step, so a code works once. */
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The browser and system it was set up from, so the person can tell theirs apart. */
    createdFrom: jsonb("created_from").$type<FactorOrigin>(),
    /**
     * Set by "This wasn't me" (persons/secure-account.ts): a suspended factor signs nobody
     * in and is asked for by no sign-in until the person keeps or removes it. Null: in use.
     */
    suspendedAt: timestamp("suspended_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("mfa_credentials_person_idx").on(t.personId)],
);

export type MfaCredentialRow = typeof mfaCredentials.$inferSelect;
