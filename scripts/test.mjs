#!/usr/bin/env node
// Runs every check of the project: static checks in parallel, then the test suites.
// Prints one line per step and a closing "N passed, N failed" line; exits non-zero on any failure.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { timingReport } from "./timing/summary.mjs";

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
      resolve({ name, code, secs, out });
    });
  });

const pn = (...args) => (pnpm ? ["node", [pnpm, ...args]] : ["corepack", ["pnpm", ...args]]);
// Each suite's reporter (scripts/timing/) writes its files' times here; printed at the end.
const timings = mkdtempSync(join(tmpdir(), "portal-test-timings-"));
const reporter = (name) => resolve(import.meta.dirname, "timing", name);
const timed = [
  { name: "unit and integration tests", file: join(timings, "vitest.json") },
  { name: "end-to-end", file: join(timings, "playwright.json") },
];
const only = process.argv.slice(2);
// Phase 1: static checks and the one build (web/dist, server/dist, cli/dist) side by side.
// Phase 2: the suites, one after the other: the integration suites measure timing and
// load, which two suites sharing 2 cores would make noisy (each suite already runs two
// files at a time: vitest.config.ts, tests/playwright.config.ts). The build is reused by the
// security suite (static files), the size budget and the end-to-end tests.
const phases = [
  [
    // Every package once, through project references (scripts/typecheck.mjs).
    ["typecheck", "node", ["scripts/typecheck.mjs"]],
    ["lint", ...pn("exec", "biome", "check", ".")],
    ["dependency rules", ...pn("run", "deps")],
    ["build", ...pn("-r", "--workspace-concurrency=2", "build")],
  ],
  [
    ["web size budget", "node", ["web/scripts/check-budget.mjs"]],
    // Counted from the build: the first page's chunks and the modules in them (issue 51).
    ["web start-up layer", "node", ["web/scripts/startup-layer.mjs"]],
    // Issue 48: the built server's first start on PGlite stays under its memory aim (RSS,
    // counted, not timed; a few seconds beside the budget's one).
    ["first-start memory", "node", ["server/scripts/check-first-start-memory.mjs"]],
  ],
  [
    [
      "unit and integration tests",
      ...pn(
        "exec",
        "vitest",
        "run",
        "--reporter=default",
        `--reporter=${reporter("vitest-reporter.mjs")}`,
      ),
      { TEST_TIMINGS_FILE: timed[0].file },
    ],
  ],
];
if (existsSync("tests/package.json"))
  phases.push([
    // The package's `test` script (playwright test --pass-with-no-tests), with the timing
    // reporter beside the configured one.
    [
      "end-to-end",
      ...pn(
        "--filter",
        "@portal/tests",
        "exec",
        "playwright",
        "test",
        "--pass-with-no-tests",
        `--reporter=list,${reporter("playwright-reporter.mjs")}`,
      ),
      { E2E_SKIP_BUILD: "1", TEST_TIMINGS_FILE: timed[1].file },
    ],
  ]);
// Issue 47: the same build in Keycloak mode against a real Keycloak (scripts/keycloak.sh,
// started and stopped by the config's global setup), in Chromium with keycloak-js. After the
// other journeys, so the two do not share the 2 cores; it prints Keycloak's start time.
if (existsSync("tests/e2e-keycloak/playwright.config.ts"))
  phases.push([["keycloak journeys", ...pn("run", "test:keycloak"), { E2E_SKIP_BUILD: "1" }]]);

// `pnpm test unit` runs only the steps whose name contains "unit" (the build still runs
// when a selected later step needs it).
const wanted = (name) => !only.length || only.some((o) => name.includes(o));
const needsBuild = phases
  .slice(1)
  .flat()
  .some(([name]) => wanted(name));
const results = [];
for (const phase of phases) {
  const selected = phase.filter(([name]) => wanted(name) || (name === "build" && needsBuild));
  results.push(...(await Promise.all(selected.map((s) => run(...s)))));
  // Without a build the later steps can only fail for that reason: stop here.
  if (results.some((r) => r.name === "build" && r.code !== 0)) break;
}

const timing = timingReport(timed);
rmSync(timings, { recursive: true, force: true });
if (timing) console.log(`\n${timing}`);

console.log("\n===== summary =====");
for (const r of results) console.log(`${r.code === 0 ? "ok  " : "FAIL"} ${r.name} (${r.secs}s)`);
// CI shows only the end of the log: repeat each failing step's error lines and any test
// that passed only on its retry (Playwright's "flaky") under the summary.
for (const r of results) {
  const lines = r.out.split("\n");
  const flaky = lines.filter((l) => /^\s+\d+ flaky/.test(l) || /^\s+e2e\/.*›/.test(l));
  const errors =
    r.code === 0
      ? []
      : lines.filter((l) => /(Error|FAIL|✗|×|failed)\b/.test(l) && !/✓|Sourcemap for/.test(l));
  const shown = [...new Set([...(r.code === 0 ? flaky : []), ...errors])].slice(0, 12);
  if (shown.length) console.log(`-- ${r.name}:\n${shown.map((l) => `   ${l.trim()}`).join("\n")}`);
}
const failed = results.filter((r) => r.code !== 0).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
