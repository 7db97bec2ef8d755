#!/usr/bin/env node
// Runs dependency-cruiser over the source folders that exist (packages land one by one).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const dirs = ["contracts", "core", "server", "web", "cli", "tests"]
  .map((p) => `${p}/src`)
  .filter((d) => existsSync(d));
const r = spawnSync("depcruise", [...dirs, "--config", ".dependency-cruiser.cjs"], {
  stdio: "inherit",
  shell: false,
});
process.exit(r.status ?? 1);
