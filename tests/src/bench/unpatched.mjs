// Loaded into a bench server with `node --import` (NODE_OPTIONS) to measure the portal
// without some of the repo's dependency patches in the same bench run as with them:
// BENCH_UNPATCHED names patch files of patches/ ("oidc-provider@9.13.3"); each patched file
// is served as it was before the patch (the patch's hunks applied backwards in memory), at
// its own URL, so its relative imports and everything else stay as installed.
import { readFileSync, realpathSync } from "node:fs";
import { registerHooks } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
/** The package folder of `name` as the server loads it (pnpm's symlink resolved, as Node does). */
const packageDir = (name) => realpathSync(join(root, "server", "node_modules", name));

/** `text` with the hunks of one file's diff undone; throws when a hunk is not found. */
const undo = (text, hunks, file) => {
  let out = text;
  for (const lines of hunks) {
    const now = lines
      .filter((l) => l[0] !== "-")
      .map((l) => l.slice(1))
      .join("\n");
    const before = lines
      .filter((l) => l[0] !== "+")
      .map((l) => l.slice(1))
      .join("\n");
    if (!out.includes(now))
      throw new Error(`unpatched.mjs: a hunk of ${file} is not in the installed file`);
    out = out.replace(now, () => before);
  }
  return out;
};

/** url -> source before the patch, for every file of every named patch. */
const originals = new Map();
for (const patch of (process.env.BENCH_UNPATCHED ?? "").split(",").filter(Boolean)) {
  const name = patch.slice(0, patch.lastIndexOf("@")).replace("__", "/");
  const dir = packageDir(name);
  const files = new Map();
  let hunks;
  for (const line of readFileSync(join(root, "patches", `${patch}.patch`), "utf8").split("\n")) {
    if (line.startsWith("+++ b/")) {
      hunks = [];
      files.set(line.slice(6), hunks);
    } else if (line.startsWith("@@")) hunks?.push([]);
    else if (hunks?.length && /^[ +-]/.test(line) && !line.startsWith("---"))
      hunks.at(-1).push(line);
  }
  for (const [file, fileHunks] of files) {
    const path = join(dir, file);
    originals.set(pathToFileURL(path).href, undo(readFileSync(path, "utf8"), fileHunks, path));
  }
}

registerHooks({
  load(url, context, nextLoad) {
    const source = originals.get(url);
    if (source === undefined) return nextLoad(url, context);
    return { format: "module", source, shortCircuit: true };
  },
});
