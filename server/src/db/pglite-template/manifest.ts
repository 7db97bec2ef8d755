import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { serverPackageDir } from "../migrations-folder.js";

/** The file beside the archives that says what they hold. */
export const MANIFEST_FILE = "pglite-template.json";

/** One archive: a data folder whose company register holds `companies` rows. */
export interface TemplateArchive {
  readonly companies: number;
  /** File name inside the template folder. */
  readonly file: string;
  readonly bytes: number;
}

/** What a template folder holds, written by the build and read on first start. */
export interface TemplateManifest {
  readonly format: 1;
  /** PGlite version that wrote the data folders: another version may not read them. */
  readonly pglite: string;
  /** Hash of everything the archives are made of; an equal one lets the build skip. */
  readonly fingerprint: string;
  /** Tags of the migrations the archives hold, in order (drizzle's journal). */
  readonly migrations: readonly string[];
  /** The cluster's identifier (the same in every install made from these archives). */
  readonly systemIdentifier: string;
  readonly archives: readonly TemplateArchive[];
}

/** Where the server's build writes the template: `server/dist/pglite-template`. */
export const defaultTemplateDir = (): string => join(serverPackageDir(), "dist", "pglite-template");

/** The version of the installed PGlite package. */
export const pgliteVersion = (): string => {
  // The package exports no package.json: walk up from its entry point instead.
  let dir = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (;;) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "@electric-sql/pglite" && pkg.version) return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("@electric-sql/pglite package.json not found");
    dir = parent;
  }
};

/** Tags of the migrations in `migrationsFolder`, in the order drizzle applies them. */
export const migrationTags = (migrationsFolder: string): string[] => {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { tag: string }[] };
  return journal.entries.map((e) => e.tag);
};

/** The manifest in `templateDir`, or undefined when there is none (e.g. no build yet). */
export const readManifest = (templateDir: string): TemplateManifest | undefined => {
  const file = join(templateDir, MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as TemplateManifest;
  return manifest.format === 1 ? manifest : undefined;
};

/** Why no archive fits, or the one to install. */
export type TemplateChoice =
  | { readonly archive: TemplateArchive; readonly manifest: TemplateManifest }
  | { readonly unusable: string };

/**
 * The archive for a first start that wants `companies` in the register: the one holding
 * exactly that many, else the one with an empty register (the start seeds it). Unusable when
 * written by another PGlite, or holding a migration this code does not have (a template
 * older than the code is fine: the start applies the newer migrations).
 */
export const chooseArchive = (
  manifest: TemplateManifest,
  companies: number,
  migrationsFolder: string,
): TemplateChoice => {
  const version = pgliteVersion();
  if (manifest.pglite !== version) {
    return { unusable: `written by PGlite ${manifest.pglite}, this is ${version}` };
  }
  const tags = migrationTags(migrationsFolder);
  if (manifest.migrations.some((tag, i) => tags[i] !== tag)) {
    return { unusable: "holds migrations this code does not have" };
  }
  const archive =
    manifest.archives.find((a) => a.companies === companies) ??
    manifest.archives.find((a) => a.companies === 0);
  return archive ? { archive, manifest } : { unusable: "no archive with an empty register" };
};
