import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { persons } from "./persons.js";

/**
 * The kinds of mailed single-use tokens; a token of one kind never works as another.
 * EMAIL_CHANGE_CANCEL: the cancel link of the alert to the current address about a
 * requested change. EMAIL_REVERT: the link to the old address after a confirmed change,
 * which restores it (payload: oldEmail, newEmail). ACCOUNT_RESTORE: the link of the
 * confirmation mail of an account closed for a grace period, valid until its erasure.
 * SECURE_ACCOUNT: the "This wasn't me" link of every security alert (payload: sentTo, the address the alert went to), stored
 * as a keyed hash (activity/secure-account-link.ts).
 */
export const MAIL_TOKEN_KINDS = [
  "OPT_IN",
  "EMAIL_CHANGE",
  "PASSWORD_RESET",
  "DELETION",
  "EMAIL_CHANGE_CANCEL",
  "EMAIL_REVERT",
  "ACCOUNT_RESTORE",
  "SECURE_ACCOUNT",
] as const;
export type MailTokenKind = (typeof MAIL_TOKEN_KINDS)[number];

/** Mailed tokens, stored only as a hash (SHA-256 hex, or a keyed one) of the random value sent in the link. */
export const mailTokens = pgTable(
  "mail_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<MailTokenKind>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    personId: uuid("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    payload: jsonb("payload").$type<Record<string, string>>(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("mail_tokens_person_kind_idx").on(t.personId, t.kind)],
);

export type MailTokenRow = typeof mailTokens.$inferSelect;
