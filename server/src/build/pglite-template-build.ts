import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, type SQL, sql } from "drizzle-orm";
import { seedCompanies } from "../companies/seed.js";
import { type Database, type Db, openDatabase } from "../db/client.js";
import {
  MANIFEST_FILE,
  migrationTags,
  pgliteVersion,
  type TemplateArchive,
  type TemplateManifest,
} from "../db/pglite-template/manifest.js";
import { extractTarGz, type TarEntry, writeTarGz } from "../db/pglite-template/tar.js";
import { companies } from "../db/schema/companies.js";
import { identityKeys } from "../db/schema/identity.js";

export interface BuildTemplateOptions {
  /** Folder the archives and the manifest are written to (emptied first). */
  readonly outDir: string;
  readonly migrationsFolder: string;
  /** Companies of the seeded archive (COMPANY_SEED_COUNT's default); 0 builds only the empty one. */
  readonly register: number;
  readonly fingerprint: string;
}

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

// Names of WAL segment files (24 hex digits).
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * The files of a shut-down data folder, PG_VERSION last (a folder unpacked up to it is a
 * whole database). Of pg_wal only `segment` is kept: it holds the shutdown checkpoint; the
 * others are spent or recycled segments PostgreSQL recreates when it needs them (they were
 * 130 of the 210 MB, and recycled ones are noise to gzip).
 */
const dataFolderEntries = (dataDir: string, segment: string): TarEntry[] => {
  const entries: TarEntry[] = [];
  const walk = (relative: string) => {
    const names = readdirSync(join(dataDir, relative)).sort();
    for (const name of names) {
      const path = relative ? `${relative}/${name}` : name;
      if (relative === "" && (name === "PG_VERSION" || name.startsWith("postmaster."))) continue;
      if (relative === "pg_wal" && WAL_SEGMENT.test(name) && name !== segment) continue;
      const full = join(dataDir, path);
      if (statSync(full).isDirectory()) {
        entries.push({ name: path, kind: "dir" });
        walk(path);
      } else {
        entries.push({ name: path, kind: "file", read: () => readFileSync(full) });
      }
    }
  };
  walk("");
  entries.push({
    name: "PG_VERSION",
    kind: "file",
    read: () => readFileSync(join(dataDir, "PG_VERSION")),
  });
  return entries;
};

/** Shuts the database down cleanly and packs its folder as the archive of `companies`. */
const snapshot = async (
  database: Database,
  dataDir: string,
  outDir: string,
  register: number,
): Promise<TemplateArchive> => {
  await database.db.execute(sql`checkpoint`);
  const [wal] = await rowsOf<{ segment: string }>(
    database.db,
    sql`select pg_walfile_name(pg_current_wal_insert_lsn()) as segment`,
  );
  await database.close();
  if (!wal) throw new Error("no current WAL segment");
  const file = `pglite-companies-${register}.tar.gz`;
  await writeTarGz(join(outDir, file), dataFolderEntries(dataDir, wal.segment));
  return { companies: register, file, bytes: statSync(join(outDir, file)).size };
};

/** Unpacks `archive` as a first start would and checks what it holds. */
const verify = async (outDir: string, archive: TemplateArchive, migrationsFolder: string) => {
  const dir = mkdtempSync(join(tmpdir(), "portal-pglite-verify-"));
  try {
    await extractTarGz(join(outDir, archive.file), dir);
    const database = await openDatabase({ dataDir: dir, migrationsFolder });
    try {
      const [applied] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const [register] = await database.db.select({ n: count() }).from(companies);
      const expected = migrationTags(migrationsFolder).length;
      if (applied?.n !== expected || register?.n !== archive.companies) {
        throw new Error(
          `${archive.file} holds ${applied?.n} migrations and ${register?.n} companies, expected ${expected} and ${archive.companies}`,
        );
      }
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * Builds the data folders a first start unpacks instead of running initdb: one migrated
 * with an empty register, one with the register of `register` companies. Both carry
 * `shared_buffers = 32MB` in postgresql.auto.conf (written by `openDatabase`), so the very
 * first start is as lean as any later one. Nothing per install is in them: the provider's
 * keys, the cookie and keyed-hash secrets and the web targets are made on start.
 */
export const buildTemplates = async (options: BuildTemplateOptions): Promise<TemplateManifest> => {
  const { outDir, migrationsFolder, register } = options;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), "portal-pglite-build-"));
  const dataDir = join(work, "pgdata");
  try {
    let database = await openDatabase({ dataDir, migrationsFolder });
    await database.migrate();
    const secrets = await database.db.select({ n: count() }).from(identityKeys);
    if ((secrets[0]?.n ?? 0) > 0) throw new Error("the template would hold per-install secrets");
    const [system] = await rowsOf<{ id: string }>(
      database.db,
      sql`select system_identifier::text as id from pg_control_system()`,
    );
    const archives = [await snapshot(database, dataDir, outDir, 0)];
    if (register > 0) {
      database = await openDatabase({ dataDir, migrationsFolder });
      await seedCompanies(database.db, register);
      archives.push(await snapshot(database, dataDir, outDir, register));
    }
    for (const archive of archives) await verify(outDir, archive, migrationsFolder);
    const manifest: TemplateManifest = {
      format: 1,
      pglite: pgliteVersion(),
      fingerprint: options.fingerprint,
      migrations: migrationTags(migrationsFolder),
      systemIdentifier: system?.id ?? "",
      archives,
    };
    // Written last and renamed into place: a build cut short leaves no manifest, and a
    // first start then falls back to initdb.
    const partial = join(outDir, `${MANIFEST_FILE}.partial`);
    writeFileSync(partial, `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, join(outDir, MANIFEST_FILE));
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};
