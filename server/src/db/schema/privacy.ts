import { bigserial, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { persons } from "./persons.js";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Every change of a person's consents (GDPR Art. 7(1): the controller must be able to show
 * that the person agreed): which consent, the new value, when, from where, and the
 * language and version of the text shown. Written in the transaction that changes the
 * person's consent columns; goes with the person (privacy module, server/src/privacy).
 */
export const consentChanges = pgTable(
  "consent_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * Order of writing: changes of one person are written under the lock of their row, so
     * this orders them as they applied, also when two requests carry the same time.
     */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    personId: uuid("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    /** `marketing` or `recherche` (contracts' CONSENT_KINDS). */
    consent: text("consent").notNull(),
    /** GIVEN, REFUSED or NOT_EXPRESSED. */
    value: text("value").notNull(),
    /** `registration`, `profile` or `support` (contracts' CONSENT_SOURCES). */
    source: text("source").notNull(),
    language: text("language").notNull(),
    textVersion: text("text_version").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("consent_changes_person_idx").on(t.personId, t.seq)],
);

/**
 * The mails sent, without their body or links (which carry tokens): recipient, template,
 * subject, when. SMTP mails leave nothing else behind, so this is what the export shows
 * as "mails sent to you"; purged after its retention period and with the person.
 */
export const mailLog = pgTable(
  "mail_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The recipient, lower-case. */
    to: text("to").notNull(),
    template: text("template").notNull(),
    subject: text("subject").notNull(),
    sentAt: instant("sent_at").notNull().defaultNow(),
  },
  (t) => [index("mail_log_to_idx").on(t.to, t.sentAt), index("mail_log_sent_idx").on(t.sentAt)],
);

export type ConsentChangeRow = typeof consentChanges.$inferSelect;
