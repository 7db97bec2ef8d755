import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

// Between the test files that share one server, its database goes back to how the server
// left it after starting: every table emptied, then the rows the migrations and the start
// wrote (keyed-hash secret, signing keys, seeded companies, web targets) put back. One
// statement each way, so a reset costs milliseconds instead of a new database and server.

/** The rows of the tables that were not empty after the server started. */
export interface DatabaseSnapshot {
  readonly tables: ReadonlyArray<string>;
  readonly rows: ReadonlyArray<{ table: string; columns: string[]; json: string }>;
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Takes the snapshot `resetDatabase` returns to; call it right after the server started. */
export const snapshotDatabase = async (db: Db): Promise<DatabaseSnapshot> => {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((t) => t.name);
  const rows: Array<{ table: string; columns: string[]; json: string }> = [];
  for (const table of tables) {
    const [content] = await rowsOf<{ json: string | null }>(
      db,
      sql.raw(`select json_agg(t)::text as json from public.${quoted(table)} t`),
    );
    if (!content?.json) continue;
    // Generated columns (company_word_keys.key) are computed again, never written.
    const columns = (
      await rowsOf<{ name: string }>(
        db,
        sql`select column_name as name from information_schema.columns
            where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
            order by ordinal_position`,
      )
    ).map((c) => c.name);
    rows.push({ table, columns, json: content.json });
  }
  return { tables, rows };
};

/** Empties every table and puts the snapshot's rows back, in one transaction. */
export const resetDatabase = async (db: Db, snapshot: DatabaseSnapshot): Promise<void> => {
  if (snapshot.tables.length === 0) return;
  await db.transaction(async (tx) => {
    // As a replica does: no triggers. The rows come back table by table in an order
    // (alphabetical) that need not follow the foreign keys, and the rows the triggers
    // derived (company_words from companies) are in the snapshot already.
    await tx.execute(sql`set local session_replication_role = replica`);
    const all = snapshot.tables.map((t) => `public.${quoted(t)}`).join(", ");
    await tx.execute(sql.raw(`truncate ${all}`));
    for (const { table, columns, json } of snapshot.rows) {
      const list = columns.map(quoted).join(", ");
      await tx.execute(
        sql`${sql.raw(`insert into public.${quoted(table)} (${list}) select ${list} from json_populate_recordset(null::public.${quoted(table)}, `)}${json}::json)`,
      );
    }
  });
};
