#!/usr/bin/env node
// The web app's start-up layer (issue 32): the browser code that runs before and around a
// page's first render — boot, routing, loading, hydration, after-paint — at most 800 lines,
// comments included. A page's own code, the prerender build (web/src/prerender/render-frame.tsx,
// web/scripts/prerender.mjs) and the server's frame fill (server/src/static/web-app-frames.ts)
// are not part of it: docs/prerendered-pages.md describes those. Prints the lines per file and
// exits non-zero above the budget, or when a listed file is gone (a renamed file must be
// named here again, so the figure stays honest).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const BUDGET = 800;
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

const LAYER = {
  boot: ["server/src/static/frame-loader.ts", "web/src/main.tsx", "web/src/app/start.tsx"],
  routing: ["web/src/routes.tsx", "web/src/page-modules.ts", "web/src/app/router-ready.ts"],
  loading: ["web/src/app/services-on-first-use.ts", "web/src/app/on-first-call.ts"],
  hydration: ["web/src/prerender/frame-routes.ts", "web/src/components/form/typed-in-frame.ts"],
  "after-paint": ["web/src/app/deferred-work.ts"],
};

let total = 0;
let files = 0;
for (const [part, paths] of Object.entries(LAYER))
  for (const path of paths) {
    const lines = readFileSync(join(root, path), "utf8").trimEnd().split("\n").length;
    total += lines;
    files += 1;
    console.log(`  ${part.padEnd(12)} ${String(lines).padStart(4)}  ${path}`);
  }
console.log(`start-up layer: ${total} lines in ${files} files (budget ${BUDGET})`);
if (total > BUDGET) {
  console.error(`start-up layer: ${total - BUDGET} lines over the budget`);
  process.exit(1);
}
