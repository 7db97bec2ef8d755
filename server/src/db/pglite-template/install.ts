import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import {
  chooseArchive,
  readManifest,
  type TemplateArchive,
  type TemplateManifest,
} from "./manifest.js";
import { extractTarGz } from "./tar.js";

/** Where a first start takes its database from. */
export interface TemplateSource {
  /** Folder with the manifest and the archives (`server/dist/pglite-template`). */
  readonly dir: string;
  /** Companies the register should hold (COMPANY_SEED_COUNT). */
  readonly companies: number;
  readonly migrationsFolder: string;
}

/** What a start did: found a database, installed an archive, or says why it did not. */
export type TemplateOutcome =
  | { readonly existing: true }
  | { readonly installed: TemplateArchive; readonly manifest: TemplateManifest }
  | { readonly skipped: string };

const hasDatabase = (dataDir: string) => existsSync(join(dataDir, "PG_VERSION"));

const isEmptyOrMissing = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** A folder to unpack into: beside DATA_DIR (one rename away), else in the temp folder. */
const stagingFolder = (dataDir: string): string => {
  try {
    mkdirSync(dirname(dataDir), { recursive: true });
    return mkdtempSync(join(dirname(dataDir), `.${basename(dataDir)}.template-`));
  } catch {
    return mkdtempSync(join(tmpdir(), "portal-pglite-template-"));
  }
};

/**
 * Moves the unpacked folder into place as DATA_DIR. A rename is atomic: DATA_DIR is either
 * still empty or a whole database, never half of one. When two processes start at once,
 * the second rename fails (DATA_DIR is no longer empty) and that process keeps the first's.
 * When DATA_DIR cannot be renamed onto (a mount point, another file system), the files are
 * copied in with PG_VERSION last: PGlite takes a folder for a database only once it is there.
 */
const moveIntoPlace = (staging: string, dataDir: string): void => {
  try {
    renameSync(staging, dataDir);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTEMPTY" || code === "EEXIST") {
      if (hasDatabase(dataDir)) return;
      throw error;
    }
  }
  const entries = readdirSync(staging).filter((name) => name !== "PG_VERSION");
  for (const name of entries) cpSync(join(staging, name), join(dataDir, name), { recursive: true });
  cpSync(join(staging, "PG_VERSION"), join(dataDir, "PG_VERSION"));
};

/**
 * On a first start (DATA_DIR holds no database), unpacks the prebuilt data folder that fits
 * `source.companies`: migrated, the register seeded, shared buffers already at 32 MB, and no
 * per-install secret (those are generated on start as before). Starting from it takes about a
 * second instead of initdb's many, and the process never holds initdb's memory.
 */
export const installTemplate = async (
  dataDir: string,
  source: TemplateSource,
): Promise<TemplateOutcome> => {
  if (hasDatabase(dataDir)) return { existing: true };
  if (!isEmptyOrMissing(dataDir)) return { skipped: "DATA_DIR is not empty" };
  const manifest = readManifest(source.dir);
  if (!manifest) return { skipped: `no template in ${source.dir} (server not built)` };
  const choice = chooseArchive(manifest, source.companies, source.migrationsFolder);
  if ("unusable" in choice) return { skipped: `template unusable: ${choice.unusable}` };
  const staging = stagingFolder(dataDir);
  try {
    await extractTarGz(join(source.dir, choice.archive.file), staging);
    moveIntoPlace(staging, dataDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { installed: choice.archive, manifest };
};
