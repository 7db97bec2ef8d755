import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Mails asked for by calls that must not tell whether an address has an account (password
 * forgotten, resend opt-in). The call only adds a row, the same for every address; the
 * server's queue worker looks the address up, issues the token and sends the mail later,
 * apart from the request. A row is claimed by moving `run_after` forward (a lease), and
 * deleted once its mail is out, so a process that dies mid-way leaves it to another.
 */
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    email: text("email").notNull(),
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamp("run_after", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("mail_queue_run_after_idx").on(t.runAfter)],
);

export type MailQueueRow = typeof mailQueue.$inferSelect;
