#!/usr/bin/env node
// Type-checks every package once through TypeScript's project references (tsconfig.check.json
// here and in each package): contracts, core and server are checked once and emit declarations,
// which their dependents read instead of checking those sources again (the `source` condition
// still leads tsc to them; tsc swaps in the referenced project's declarations).
// Declarations and .tsbuildinfo files live in node_modules/.cache/tsc (git-ignored, made by the
// first run); a project whose files did not change since its last clean check is skipped.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";

process.chdir(resolve(import.meta.dirname, ".."));
const cache = "node_modules/.cache/tsc";
// tsc -b judges a project by its own files only, never by node_modules: after an install that
// changed the dependencies (pnpm's record of what it installed), start from an empty cache.
const record = "node_modules/.pnpm/lock.yaml";
const installed = existsSync(record)
  ? createHash("sha256").update(readFileSync(record)).digest("hex")
  : "unknown";
const stamp = `${cache}/installed.txt`;
if (installed === "unknown" || !existsSync(stamp) || readFileSync(stamp, "utf8") !== installed) {
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  writeFileSync(stamp, installed);
}

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
// One process builds the projects in their order: each is checked once (side-by-side runs would
// each rebuild a shared project that has errors), and the libraries' parsed declarations
// (lib, @types/node, ...) are read once for all of them.
const child = spawn(process.execPath, [tsc, "-b", "tsconfig.check.json"], { stdio: "inherit" });
child.on("close", (code) => process.exit(code ?? 1));
