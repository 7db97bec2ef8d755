import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { HealthReport } from "@portal/contracts";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { migrationsFolder } from "../db/migrations-folder.js";

// A readiness probe must answer even when the database hangs.
const PROBE_TIMEOUT_MS = 3_000;

/** The `when` of the newest migration of server/drizzle (read once per process). */
export const newestMigrationMillis = (folder: string = migrationsFolder()): number => {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
};

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

/** True when the newest migration of the folder is recorded as applied. */
const migrationsApplied = async (database: Database, newest: number): Promise<boolean> => {
  // Drizzle's migrators (node-postgres and PGlite) record each migration's `when` here.
  // Both drivers answer raw queries with `{ rows }`.
  const result = (await database.db.execute(
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ newest: string | number | null }> };
  const applied = Number(result.rows[0]?.newest ?? 0);
  return applied >= newest;
};

/**
 * The readiness of the portal: the database answers and every migration of this build
 * is applied. Never throws; a failing check reports "unavailable".
 */
export const checkReadiness = async (
  database: Database,
  issuer: string,
  newest: number,
): Promise<HealthReport> => {
  const report = (ok: boolean, migrations: boolean): HealthReport => ({
    status: ok ? "ok" : "unavailable",
    database: database.kind,
    migrations,
    issuer,
  });
  try {
    await withTimeout(database.ping(), PROBE_TIMEOUT_MS);
    const migrations = await withTimeout(migrationsApplied(database, newest), PROBE_TIMEOUT_MS);
    return report(migrations, migrations);
  } catch {
    return report(false, false);
  }
};
