import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder } from "./migrations-folder.js";
import { keepPgliteOnBaselineTier } from "./pglite-wasm-tier.js";
import { recurringStatementsClient } from "./recurring-statements.js";
import * as schema from "./schema/index.js";

/** The Drizzle database over either driver: both share the PostgreSQL query builder. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle, usable wherever a {@link Db} is for queries. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or an open transaction. */
export type Executor = Db | Tx;

export type DatabaseKind = "pglite" | "postgres";

/** An open database: PGlite in `dataDir` or PostgreSQL at `databaseUrl`. */
export interface Database {
  readonly db: Db;
  readonly kind: DatabaseKind;
  /** Applies the migrations of `server/drizzle` (idempotent; serialised across processes). */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Runs `fn` in one transaction: everything or nothing is written. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  readonly databaseUrl?: string | undefined;
  readonly dataDir: string;
  /** Called with errors of idle pooled connections (PostgreSQL), which must not crash the process. */
  readonly onPoolError?: (error: Error) => void;
  /** Migrations to apply; `server/drizzle` unless set (tests and the template build). */
  readonly migrationsFolder?: string;
}

const PGLITE_SHARED_BUFFERS = "32MB";

/**
 * PostgreSQL's default 128 MB of buffers lives in PGlite's WebAssembly memory, i.e. in this
 * process: 32 MB holds the embedded data set (persons, a 50 000-company register) and saves
 * about 100 MB of resident memory; the OS page cache still backs the files. Kept in the data
 * folder's postgresql.auto.conf, so it applies from the next start on; the prebuilt first-start
 * folder (`pglite-template/`) already carries it. (Passed as a start parameter instead, it
 * made the very first start, which runs initdb, hold 250 MB more; PGlite's `postgresqlconf`
 * option would replace initdb's whole postgresql.conf.)
 */
const limitPgliteBuffers = async (client: PGlite): Promise<void> => {
  const { rows } = await client.query<{ setting: string }>(
    "select setting from pg_file_settings where name = 'shared_buffers'",
  );
  if (rows.some((r) => r.setting === PGLITE_SHARED_BUFFERS)) return;
  await client.exec(`alter system set shared_buffers = '${PGLITE_SHARED_BUFFERS}'`);
};

// Any constant works; it only has to be the same in every process of the portal.
const MIGRATION_LOCK_KEY = 727_274_001;

/**
 * Opens the portal's database: PostgreSQL when `databaseUrl` is set, else PGlite
 * persisted under `dataDir` (data survives a restart).
 *
 * @example
 * const database = await openDatabase({ dataDir: ".data" });
 * await database.migrate();
 */
export const openDatabase = async (options: OpenDatabaseOptions): Promise<Database> =>
  options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onPoolError, options.migrationsFolder)
    : openPglite(options.dataDir, options.migrationsFolder);

const openPglite = async (dataDir: string, folder = migrationsFolder()): Promise<Database> => {
  mkdirSync(dataDir, { recursive: true });
  // Migration 0002 creates the pg_trgm extension, so PGlite must load it (the suggestions
  // now read the company_words table instead).
  keepPgliteOnBaselineTier();
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  await limitPgliteBuffers(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    transaction: (fn) => db.transaction(fn),
    close: () => client.close(),
  };
};

/** Connections one process keeps to PostgreSQL at most. */
export const POSTGRES_POOL_SIZE = 10;

const openPostgres = async (
  databaseUrl: string,
  onPoolError: ((error: Error) => void) | undefined,
  folder = migrationsFolder(),
): Promise<Database> => {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: POSTGRES_POOL_SIZE,
    Client: recurringStatementsClient(),
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped idle connection is reported here; the pool opens a new one on the next query.
  pool.on("error", (error) => onPoolError?.(error));
  // A connection checked out for a transaction can drop between two of its statements (while
  // the handler awaits other work). pg then emits "error" on the client, which has no
  // listener while checked out: without this one the process would die of an uncaught
  // exception. The transaction's next statement fails and the request answers 503.
  pool.on("connect", (client) => {
    client.on("error", (error) => onPoolError?.(error));
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      const client = await pool.connect();
      try {
        // Several processes may start at once: one migrates, the others wait for it.
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    // drizzle's own pool transaction sends BEGIN before its try block, so a connection that
    // died while idle (PostgreSQL restarted, a network cut) fails at BEGIN and is never
    // released: the pool then waits for it forever on close. Here the connection is checked
    // out and always released; pg-pool drops it instead when it is no longer usable.
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        return await (drizzleNodePg(client, { schema }) as unknown as Db).transaction(fn);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};
