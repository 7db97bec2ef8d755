import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server package folder (the one holding `drizzle/`), found by walking up from this
 * module: the same code runs from `src/db/` (tests) and bundled from `dist/` (pnpm start).
 */
export const serverPackageDir = (): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "drizzle", "meta", "_journal.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("server/drizzle migrations folder not found");
    dir = parent;
  }
};

/** The one migration folder, `server/drizzle`. */
export const migrationsFolder = (): string => join(serverPackageDir(), "drizzle");
