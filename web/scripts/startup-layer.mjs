#!/usr/bin/env node
// The web app's start-up layer (issue 32; measured from the build since issue 51): the
// project's own code every page runs before its own, counted in source lines (comments
// included) from what the build put into the first page's chunks: the entry (the boot
// script), its static imports and the chunks it imports at once (React DOM, the app), as
// web/scripts/check-budget.mjs counts the first page. The modules of each chunk come from
// dist/.vite/chunk-modules.json (vite-module-graph.ts writes it); node_modules, the
// bundler's helpers and the texts are not counted. A module that joins the first page is
// counted without anyone naming it here; one that leaves it (a dynamic import, a page's own
// code) no longer is. Besides the build: the server's one inline script, which asks for the
// entry (server/src/static/frame-loader.ts). Needs the built web app (`pnpm -r build`).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// What the budget buys: a bound on what a reader must understand to know how any page
// starts (boot, routing, the shell, the session, the services and their stand-ins,
// hydration, the work after the paint), which is also code every first visit downloads,
// parses and runs before the page's own. 4 515 lines in 64 files on 2026-11-29 (issue 51):
// about 10 % headroom, so the next feature that must run before every page finds room,
// and one that needs more has to move code out of the first page (to a page, or behind a
// dynamic import) or make the case for a higher figure.
const BUDGET = 5000;
const WHAT_IT_BUYS =
  "what a reader must understand to know how any page starts, and what every first visit runs before the page's own code";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dist = process.env.BUDGET_DIST ?? join(root, "web", "dist");
const vite = join(dist, ".vite");
if (!existsSync(join(vite, "chunk-modules.json"))) {
  console.error(`start-up layer: ${vite}/chunk-modules.json missing: build the web app first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(join(vite, "manifest.json"), "utf8"));
const chunkModules = JSON.parse(readFileSync(join(vite, "chunk-modules.json"), "utf8"));

/** The first page's chunks, in load order: the entry, then what it imports. */
const firstPage = [];
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || firstPage.includes(chunk.file)) return;
  firstPage.push(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error("no entry chunk in the manifest: build the web app first");
for (const key of [entryKey, ...(manifest[entryKey].dynamicImports ?? [])]) visit(key);

/** The project's own source files: TypeScript outside node_modules. */
const isOwnSource = (path) => !path.includes("node_modules") && /\.tsx?$/.test(path);
const linesOf = (path) => readFileSync(join(root, path), "utf8").trimEnd().split("\n").length;

const parts = [
  { name: "inline", files: ["server/src/static/frame-loader.ts"] },
  ...firstPage.map((file) => ({
    name: file.replace(/^assets\//, "").replace(/-[\w-]{8}\.js$/, ""),
    files: Object.keys(chunkModules[file] ?? {})
      .filter(isOwnSource)
      .sort(),
  })),
];
let total = 0;
let files = 0;
for (const part of parts) {
  if (part.files.length === 0) continue;
  let partLines = 0;
  for (const path of part.files) {
    const lines = linesOf(path);
    partLines += lines;
    console.log(`  ${part.name.padEnd(8)} ${String(lines).padStart(4)}  ${path}`);
  }
  console.log(
    `  ${part.name.padEnd(8)} ${String(partLines).padStart(4)}  (${part.files.length} files)`,
  );
  total += partLines;
  files += part.files.length;
}
console.log(`start-up layer: ${total} lines in ${files} files (budget ${BUDGET}: ${WHAT_IT_BUYS})`);
if (total > BUDGET) {
  console.error(
    `start-up layer: ${total - BUDGET} lines over the budget: move code a page does not need before its own out of the first page, or argue for more`,
  );
  process.exit(1);
}
