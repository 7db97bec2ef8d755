import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

// The same rule as cli/bin/portal.mjs: test files are not part of a bundle.
const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return Math.max(latest, newest(path));
    return entry.name.endsWith(".test.ts") ? latest : Math.max(latest, statSync(path).mtimeMs);
  }, 0);

/** Whether `bundle` exists and is at least as new as every source file under `sourceDirs`. */
export const bundleIsFresh = (bundle: string, sourceDirs: ReadonlyArray<string>): boolean =>
  existsSync(bundle) && statSync(bundle).mtimeMs >= Math.max(...sourceDirs.map(newest));
