import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTemplates } from "../../build/pglite-template-build.js";
import { generateCompany } from "../../companies/generator.js";
import { type RunningServer, startServer } from "../../index.js";
import type { Db } from "../client.js";
import { migrationsFolder } from "../migrations-folder.js";
import { identityKeys } from "../schema/identity.js";
import { migrationTags, type TemplateManifest } from "./manifest.js";

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The migrations folder without its newest migration: a template built from it stands for
 * one shipped before that migration was written.
 */
const olderMigrations = (root: string): { folder: string; newest: string } => {
  const folder = join(root, "drizzle");
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const newest = journal.entries.pop();
  if (!newest) throw new Error("no migrations");
  writeFileSync(journalFile, JSON.stringify(journal));
  rmSync(join(folder, `${newest.tag}.sql`));
  return { folder, newest: newest.tag };
};

const REGISTER = 300;

describe("first start on PGlite from the prebuilt template", () => {
  let root: string;
  let templateDir: string;
  let manifest: TemplateManifest;
  let newest: string;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "portal-template-test-"));
    templateDir = join(root, "template");
    const older = olderMigrations(root);
    newest = older.newest;
    manifest = await buildTemplates({
      outDir: templateDir,
      migrationsFolder: older.folder,
      register: REGISTER,
      fingerprint: "test",
    });
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  const firstStart = async (name: string, companySeedCount: number) => {
    const server = await startServer({
      port: 0,
      host: "127.0.0.1",
      logLevel: "silent",
      smtpUrl: undefined,
      dataDir: join(root, name),
      pgliteTemplateDir: templateDir,
      companySeedCount,
      // Generated ones are under test, not the environment's.
      keyedHashSecret: undefined,
    });
    servers.push(server);
    return server;
  };

  const systemIdentifier = async (server: RunningServer) =>
    (
      await rowsOf<{ id: string }>(
        server.database.db,
        sql`select system_identifier::text as id from pg_control_system()`,
      )
    )[0]?.id;

  it("holds no per-install secret and one archive per register size", () => {
    expect(manifest.migrations).not.toContain(newest);
    expect(manifest.archives.map((a) => a.companies)).toEqual([0, REGISTER]);
    for (const archive of manifest.archives) {
      expect(existsSync(join(templateDir, archive.file))).toBe(true);
    }
  });

  it("starts migrated (also the migration newer than the template), seeded and lean", async () => {
    const server = await firstStart("seeded", REGISTER);
    const db = server.database.db;
    // The same cluster as the template: it was unpacked, not made by initdb.
    expect(await systemIdentifier(server)).toBe(manifest.systemIdentifier);
    const applied = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied[0]?.n).toBe(migrationTags(migrationsFolder()).length);
    const buffers = await rowsOf<{ shared_buffers: string }>(db, sql`show shared_buffers`);
    expect(buffers[0]?.shared_buffers).toBe("32MB");
    const company = generateCompany(7);
    const res = await fetch(`${server.url}/api/gatinator/smart-signup/${company.crefonummer}`);
    expect(await res.json()).toEqual({
      companyNameSuggestions: [
        { crefonummer: company.crefonummer, name: company.name, city: company.city },
      ],
    });
  });

  it("seeds another register size into the empty archive", async () => {
    const server = await firstStart("other-size", 40);
    expect(await systemIdentifier(server)).toBe(manifest.systemIdentifier);
    const rows = await rowsOf<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from companies`,
    );
    expect(rows[0]?.n).toBe(40);
  });

  it("generates the secrets on each install: two first starts share none", async () => {
    const secretsOf = async (server: RunningServer) =>
      Object.fromEntries(
        (await server.database.db.select().from(identityKeys)).map((row) => [
          row.id,
          JSON.stringify(row.material),
        ]),
      );
    const [a, b] = [await firstStart("install-a", 0), await firstStart("install-b", 0)];
    if (!a || !b) throw new Error("servers did not start");
    expect(await systemIdentifier(a)).toBe(await systemIdentifier(b));
    const [secretsA, secretsB] = [await secretsOf(a), await secretsOf(b)];
    expect(Object.keys(secretsA).sort()).toEqual(
      expect.arrayContaining(["cookie", "keyed-hash-secret", "refresh-hmac", "signing-es256"]),
    );
    expect(Object.keys(secretsB).sort()).toEqual(Object.keys(secretsA).sort());
    for (const [id, material] of Object.entries(secretsA)) expect(secretsB[id]).not.toBe(material);
    // The staging folders beside DATA_DIR are gone.
    expect(readdirSync(root).filter((name) => name.includes(".template-"))).toEqual([]);
  });
});
