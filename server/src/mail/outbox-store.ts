import type { OutboxMessage } from "@portal/contracts";
import { isUuid, normaliseEmail } from "@portal/core";
import { desc, eq } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { outboxMessages } from "../db/schema/index.js";

const PAGE = 100;

/**
 * One outbox mail as the JSON API answers: the contract's fields and the HTML part beside
 * `text` (null for mails stored before migration 0008).
 */
export type OutboxMail = OutboxMessage & { readonly html: string | null };

/** The newest outbox mails first, optionally only those to one address (case-insensitive). */
export const listOutbox = async (db: Executor, to?: string): Promise<OutboxMail[]> => {
  const query = db.select().from(outboxMessages);
  const rows = await (to ? query.where(eq(outboxMessages.to, normaliseEmail(to))) : query)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(PAGE);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: row.links,
    createdAt: row.createdAt.toISOString(),
  }));
};

/** The HTML part of one outbox mail; undefined when there is no such mail or it has none. */
export const outboxHtml = async (db: Executor, id: string): Promise<string | undefined> => {
  // Anything but a uuid would be a database error, not a missing mail.
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ html: outboxMessages.html })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id));
  return row?.html ?? undefined;
};
