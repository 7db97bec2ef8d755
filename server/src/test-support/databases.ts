import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../db/client.js";
import { migrationsFolder } from "../db/migrations-folder.js";

/** Where the shared test PostgreSQL runs (CI has it; without it the PostgreSQL cases fail). */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A provisioned, empty database: settings for `openDatabase` / `startServer`, and its disposal. */
export interface ProvisionedDatabase {
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  /** Drops the PostgreSQL database / removes the PGlite folder. */
  dispose(): Promise<void>;
}

/** One of the two databases every server test runs on. */
export interface TestDatabase {
  readonly name: "pglite" | "postgres";
  provision(): Promise<ProvisionedDatabase>;
}

/**
 * This run's mark in the names of what it provisions: the server project's global set-up
 * (vitest.global-setup.ts) drops whatever carries it when the run ends, since a worker's
 * shared servers live until the worker exits. Other runs on the same PostgreSQL keep theirs.
 */
export const TEST_RUN_ID = process.env.PORTAL_TEST_RUN_ID ?? "adhoc";

const tempDir = () => mkdtempSync(join(tmpdir(), `portal-test-${TEST_RUN_ID}-`));

// A fingerprint of the migrations: a new migration makes a new template.
const migrationsFingerprint = (): string => {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder());
  return hash.digest("hex").slice(0, 16);
};

let template: Promise<string> | undefined;

/**
 * A migrated PGlite data folder shared by the test files of a run. Creating a PGlite
 * cluster (initdb in WebAssembly) takes seconds; copying a migrated one takes
 * milliseconds, and the server's own `migrate()` still runs on every copy.
 */
const pgliteTemplate = (): Promise<string> => {
  template ??= (async () => {
    const dir = join(tmpdir(), `portal-pglite-template-${migrationsFingerprint()}`);
    if (existsSync(join(dir, "PG_VERSION"))) return dir;
    // Several test workers may build it at once: each builds its own, the first rename wins.
    const building = mkdtempSync(join(tmpdir(), "portal-pglite-building-"));
    const database = await openDatabase({ dataDir: building });
    await database.migrate();
    await database.close();
    try {
      renameSync(building, dir);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
    return dir;
  })();
  return template;
};

const pglite: TestDatabase = {
  name: "pglite",
  provision: async () => {
    const source = await pgliteTemplate();
    const dataDir = tempDir();
    const target = join(dataDir, "pglite");
    cpSync(source, target, { recursive: true });
    return {
      databaseUrl: undefined,
      dataDir: target,
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

const withAdmin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({
    connectionString: TEST_POSTGRES_URL,
    connectionTimeoutMillis: 5_000,
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

const databaseUrl = (name: string): string => {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

let postgresTemplateName: Promise<string> | undefined;

/**
 * A migrated PostgreSQL database to clone, shared by the runs of the same migrations:
 * `CREATE DATABASE ... TEMPLATE` copies it instead of migrating every new database from
 * nothing; the server's `migrate()` still runs on every clone.
 */
const postgresTemplate = (): Promise<string> => {
  postgresTemplateName ??= (async () => {
    const name = `portal_template_${migrationsFingerprint()}`;
    const exists = await withAdmin((c) =>
      c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]),
    );
    if (exists.rowCount) return name;
    // Several workers (and runs) may build it at once: each builds its own, the first rename wins.
    const building = `portal_building_${randomBytes(6).toString("hex")}`;
    await withAdmin((c) => c.query(`CREATE DATABASE ${building}`));
    const dataDir = tempDir();
    const database = await openDatabase({ databaseUrl: databaseUrl(building), dataDir });
    await database.migrate();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    try {
      await withAdmin((c) => c.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
    } catch {
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
    }
    return name;
  })();
  return postgresTemplateName;
};

const postgres: TestDatabase = {
  name: "postgres",
  provision: async () => {
    const template = await postgresTemplate();
    const name = `portal_test_${TEST_RUN_ID}_${randomBytes(6).toString("hex")}`;
    await withAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    const url = new URL(databaseUrl(name));
    const dataDir = tempDir();
    return {
      databaseUrl: url.toString(),
      dataDir,
      dispose: async () => {
        await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

/**
 * Both databases, for `describe.each(databases)("on $name", (target) => ...)`.
 *
 * @example
 * describe.each(databases)("web targets on $name", (target) => {
 *   const db = useTestDatabase(target);
 *   it("...", async () => { await db().db.select()... });
 * });
 */
export const databases: ReadonlyArray<TestDatabase> = [pglite, postgres];

/**
 * The embedded default alone, for files whose subject is not the database (routes, pages,
 * rules): `describe.each(embedded)`. The files about database behaviour (locks, races,
 * "N at once", migrations, SQL, outage) keep {@link databases}.
 */
export const embedded: ReadonlyArray<TestDatabase> = [pglite];

/** Opens and migrates a freshly provisioned database; `close` also disposes it. */
export const openTestDatabase = async (
  target: TestDatabase,
): Promise<Database & { readonly provisioned: ProvisionedDatabase }> => {
  const provisioned = await target.provision();
  const database = await openDatabase(provisioned);
  await database.migrate();
  return {
    ...database,
    provisioned,
    close: async () => {
      await database.close();
      await provisioned.dispose();
    },
  };
};
