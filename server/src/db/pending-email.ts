import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { persons } from "./schema/index.js";

/**
 * The new address of the person's open e-mail change (the newest live EMAIL_CHANGE
 * token), as a column of a query on `persons`. The person loader reads it in the same
 * statement as the person (`GET /persons/me` shows it; a query of its own per request
 * doubled the database work of the busiest call, on PGlite from 110 to 995 us). `now` is
 * the server's clock (the one that set the token's expiry), as a value or a placeholder.
 */
// Written with explicit table names: drizzle renders a single-table select's columns
// unqualified, and an unqualified "id" inside the subquery would be the token's own id.
export const pendingEmailColumn = (now: SQL | Date) => sql<string | null>`(
  select t.payload->>'newEmail' from mail_tokens t
   where t.person_id = persons.id and t.kind = 'EMAIL_CHANGE'
     and t.used_at is null and t.expires_at > ${now}
   order by t.created_at desc limit 1)`;

/** The pending new address of one person (after a write, where the loader did not read it). */
export const pendingEmailOf = async (
  db: Db,
  personId: string,
  now: Date,
): Promise<string | null> => {
  const [row] = await db
    .select({ pendingEmail: pendingEmailColumn(now) })
    .from(persons)
    .where(eq(persons.id, personId));
  return row?.pendingEmail ?? null;
};
