#!/usr/bin/env node
// Entry of the `portal` command. An installed package runs the bundle in dist/;
// in the workspace, when dist/ is missing or older than the sources it bundles
// (cli, core, contracts), it runs src/ through tsx so `pnpm portal <command>`
// never runs stale code. PORTAL_CLI_SOURCE=1 forces the sources.
// Only modules every Node has are imported statically: the Node check must run first.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nodeCheck } from "./node-check.mjs";

const tooOld = nodeCheck(process.versions.node, process.argv.slice(2), process.env);
if (tooOld) {
  process.stderr.write(`${tooOld}\n`);
  process.exit(2);
}

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundle = join(root, "dist", "index.js");
const sources = join(root, "src");
// The workspace packages the bundle inlines; absent in an installed package.
const bundled = [sources, join(root, "..", "core", "src"), join(root, "..", "contracts", "src")];

/** Newest modification time of the bundled sources below `dir` (tests are not bundled). */
const newest = (dir) => {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (!entry.name.endsWith(".test.ts")) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
};

const useSource =
  existsSync(sources) &&
  (process.env.PORTAL_CLI_SOURCE === "1" ||
    !existsSync(bundle) ||
    statSync(bundle).mtimeMs < Math.max(...bundled.filter(existsSync).map(newest)));

let entry = bundle;
if (useSource) {
  const { registerHooks } = await import("node:module");
  const { register: registerTsx } = await import("tsx/esm/api");
  registerTsx();
  // Workspace packages resolve to their TypeScript sources through the "source" export
  // condition (in-thread hooks: module.register() is deprecated since Node 26).
  registerHooks(await import("./source-condition.mjs"));
  entry = join(sources, "index.ts");
}
const { main } = await import(pathToFileURL(entry).href);
process.exitCode = await main(process.argv);
