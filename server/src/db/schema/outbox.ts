import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Mails kept in the database while no SMTP server is configured: the text and HTML parts. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    // The HTML part (migration 0008); null for mails stored before HTML mails existed.
    html: text("html"),
    links: jsonb("links").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    template: text("template").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("outbox_messages_to_idx").on(t.to, t.createdAt)],
);

export type OutboxRow = typeof outboxMessages.$inferSelect;
