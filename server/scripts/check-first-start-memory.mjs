#!/usr/bin/env node
// First-start memory (issue 48): starts the built server as `pnpm start` does (server/dist/
// main.js on the Node running this script, the project's own under pnpm) on a fresh DATA_DIR
// with the default 50 000-company register, waits until /readyz answers, and reads its
// resident memory (RSS, /proc/<pid>/status) once ready and again after a short idle. Exits
// non-zero above the aim. Counted, not timed: the start may take as long as the machine
// needs (within a limit that only catches a hang).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RSS_AIM_MB = 250;
// What the aim buys, printed beside the figure, with the headroom. Headroom: 15 to 24 MB in
// the runs of the morning of 2026-11-29 (226 to 235 MB, docs/performance.md), none in the
// afternoon's (246 to 251 MB at a load of 17 to 20, issue 51): the aim is issue 48's, not
// this check's to raise, so a start that has grown must find its own saving.
const WHAT_IT_BUYS =
  "a fresh install on PGlite, the way a first try starts it, runs on a small machine: at most 250 MB resident once ready";
const COMPANIES = 50_000;
// After the ready line nothing runs but timers: 2 s shows whether the figure stays put.
const IDLE_MS = 2_000;
const HANG_MS = 180_000;

const root = fileURLToPath(new URL("../../", import.meta.url));
const entry = join(root, "server/dist/main.js");

const rssMb = (pid) => {
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const headroom = (mb) =>
  mb > RSS_AIM_MB
    ? `${(mb - RSS_AIM_MB).toFixed(0)} MB over`
    : `${(RSS_AIM_MB - mb).toFixed(0)} MB left`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The aim is the project's Node's (docs/node-runtime.md): `pnpm test` puts it first on the PATH.
if (Number(process.versions.node.split(".")[0]) < 24) {
  console.error(`FAIL node ${process.version} is not the project's Node 24: run it through pnpm`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), "portal-first-start-memory-"));
const port = await freePort();
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" };
env.PUBLIC_URL = `http://localhost:${port}`;
env.COMPANY_SEED_COUNT = String(COMPANIES);
// The figure is the process's own: no flag of the caller's shell may change it.
delete env.NODE_OPTIONS;
const child = spawn(process.execPath, [entry], {
  cwd: root,
  env,
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
child.stdout.on("data", (d) => (output += d));
child.stderr.on("data", (d) => (output += d));
let exited;
child.on("exit", (code) => (exited = code));

let failure;
try {
  const giveUp = Date.now() + HANG_MS;
  for (;;) {
    if (exited !== undefined) throw new Error(`the server exited with ${exited}:\n${output}`);
    if (Date.now() > giveUp) throw new Error(`not ready after ${HANG_MS / 1000} s:\n${output}`);
    const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
    await res?.body?.cancel();
    if (res?.status === 200) break;
    await sleep(100);
  }
  const ready = rssMb(child.pid);
  await sleep(IDLE_MS);
  const idle = rssMb(child.pid);
  const worst = Math.max(ready, idle);
  console.log(
    `first start on PGlite, ${COMPANIES} companies, node ${process.version}: RSS ${ready.toFixed(0)} MB when ready, ${idle.toFixed(0)} MB ${IDLE_MS / 1000} s later (aim: <= ${RSS_AIM_MB} MB, ${headroom(worst)})`,
  );
  console.log(`  buys: ${WHAT_IT_BUYS}`);
  if (worst > RSS_AIM_MB)
    failure = `first-start memory over its aim: ${worst.toFixed(0)} MB > ${RSS_AIM_MB} MB (docs/performance.md, "Memory", says where it goes)`;
} catch (error) {
  failure = error.message;
} finally {
  if (exited === undefined) {
    const gone = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await gone;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}
if (failure) {
  console.error(`FAIL ${failure}`);
  process.exit(1);
}
