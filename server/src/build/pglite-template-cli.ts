// `node dist/build-pglite-template.js` (the server's `build` runs it after tsup): writes the
// prebuilt PGlite data folders to dist/pglite-template, unless the ones there are current.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_COMPANY_SEED_COUNT } from "../config.js";
import { migrationsFolder } from "../db/migrations-folder.js";
import { defaultTemplateDir, pgliteVersion, readManifest } from "../db/pglite-template/manifest.js";
import { buildTemplates } from "./pglite-template-build.js";

/**
 * A hash of everything the archives are made of: the migrations, this bundle (which holds
 * the seed, the generator and the archive format, and names its chunks by their content
 * hashes) and the PGlite version. An unchanged build reuses the archives in a second.
 */
const fingerprint = (folder: string): string => {
  const hash = createHash("sha256");
  hash.update(`pglite ${pgliteVersion()} register ${DEFAULT_COMPANY_SEED_COUNT}\n`);
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(folder);
  return hash.digest("hex").slice(0, 24);
};

const outDir = defaultTemplateDir();
const folder = migrationsFolder();
const wanted = fingerprint(folder);
const current = readManifest(outDir);
if (
  current?.fingerprint === wanted &&
  current.archives.every((a) => existsSync(join(outDir, a.file)))
) {
  console.log(`pglite template: up to date (${outDir})`);
} else {
  const started = Date.now();
  const manifest = await buildTemplates({
    outDir,
    migrationsFolder: folder,
    register: DEFAULT_COMPANY_SEED_COUNT,
    fingerprint: wanted,
  });
  const sizes = manifest.archives
    .map((a) => `${a.companies} companies ${(a.bytes / 1e6).toFixed(1)} MB`)
    .join(", ");
  console.log(
    `pglite template: built in ${((Date.now() - started) / 1000).toFixed(1)} s (${sizes})`,
  );
}
