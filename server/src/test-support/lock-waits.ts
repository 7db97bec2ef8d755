import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";

// A bound on the probes, not on time: a statement that never waits fails the test here
// instead of hanging it until the test timeout.
const MAX_PROBES = 20_000;

/**
 * Resolves once a statement of another session on `database` waits for a lock (a row held by
 * an open transaction of the test): the test then lets that transaction go on, knowing the
 * other statement really met the lock instead of hoping a pause was long enough.
 *
 * PostgreSQL shows the wait in `pg_stat_activity` (each probe is one round trip, no timer).
 * PGlite has one connection: whatever runs outside the open transaction is queued behind it
 * in this process and cannot pass it, and a probe would queue there too, so there is nothing
 * to ask: it resolves after the event loop has let the other statement start.
 *
 * @example
 * await database.transaction(async (tx) => {
 *   await lockPerson(tx, id);
 *   const waiting = issueTokenForAddress(database, row, options);
 *   await untilALockIsAwaited(database);
 *   // ... change the row, commit: `waiting` sees the change
 * });
 */
export const untilALockIsAwaited = async (database: Database): Promise<void> => {
  await new Promise((resolve) => setImmediate(resolve));
  if (database.kind === "pglite") return;
  for (let probe = 0; probe < MAX_PROBES; probe++) {
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: Array<{ waiting: number }> };
    if ((rows[0]?.waiting ?? 0) > 0) return;
  }
  throw new Error(`no statement waited for a lock within ${MAX_PROBES} probes`);
};
