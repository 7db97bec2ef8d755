#!/usr/bin/env node
// Runs every check of the project: static checks in parallel, then the test suites.
// Prints one line per step and a closing "N passed, N failed" line; exits non-zero on any failure.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

const pnpm = process.env.npm_execpath?.includes("pnpm") ? process.env.npm_execpath : null;
const run = (name, cmd, args, env = {}) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "0", ...env },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n===== ${name} (${secs}s, exit ${code}) =====\n${out}`);
      resolve({ name, code, secs });
    });
  });

const pn = (...args) => (pnpm ? ["node", [pnpm, ...args]] : ["corepack", ["pnpm", ...args]]);
const only = process.argv.slice(2);
const steps = [
  ["typecheck", ...pn("-r", "--workspace-concurrency=2", "typecheck")],
  ["lint", ...pn("exec", "biome", "check", ".")],
  ["dependency rules", ...pn("run", "deps")],
  ["unit and integration tests", ...pn("exec", "vitest", "run")],
  ["web size budget", ...pn("--filter", "@portal/web", "test")],
];
if (existsSync("tests/package.json"))
  steps.push(["end-to-end and cross-package", ...pn("--filter", "@portal/tests", "test")]);

const selected = only.length ? steps.filter(([n]) => only.some((o) => n.includes(o))) : steps;
// Static checks are cheap and independent: run them together, then the suites.
const [fast, slow] = [selected.slice(0, 3), selected.slice(3)];
const results = [...(await Promise.all(fast.map((s) => run(...s))))];
for (const s of slow) results.push(await run(...s));

console.log("\n===== summary =====");
for (const r of results) console.log(`${r.code === 0 ? "ok  " : "FAIL"} ${r.name} (${r.secs}s)`);
const failed = results.filter((r) => r.code !== 0).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
