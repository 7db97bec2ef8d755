import type { OutboxMessage } from "@portal/contracts";
import { desc, eq } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { outboxMessages } from "../db/schema/index.js";

const PAGE = 100;

/** The newest outbox mails first, optionally only those to one address (case-insensitive). */
export const listOutbox = async (db: Executor, to?: string): Promise<OutboxMessage[]> => {
  const query = db.select().from(outboxMessages);
  const rows = await (to ? query.where(eq(outboxMessages.to, to.trim().toLowerCase())) : query)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(PAGE);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    links: row.links,
    createdAt: row.createdAt.toISOString(),
  }));
};
