#!/usr/bin/env node
// `pnpm start`: builds what the portal needs, then runs the one server process
// (API, identity provider, web app, outbox) on http://localhost:${PORT:-8080}.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const pnpm = process.env.npm_execpath;
const pn = (args) =>
  pnpm
    ? spawnSync("node", [pnpm, ...args], { stdio: "inherit" })
    : spawnSync("corepack", ["pnpm", ...args], { stdio: "inherit" });

const built = pn(["-r", "--workspace-concurrency=2", "build"]);
if (built.status !== 0) process.exit(built.status ?? 1);

const entry = "server/dist/main.js";
if (!existsSync(entry)) {
  console.error(`${entry} is missing: the server package has not been built yet.`);
  process.exit(1);
}
// main.js adds its V8 heap flags itself (server/src/node-flags.ts), as for every other start.
const child = spawn(process.execPath, ["--enable-source-maps", entry], { stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
