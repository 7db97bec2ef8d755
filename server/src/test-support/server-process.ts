import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { freePort } from "../http/free-port.js";
import { READY_LINE } from "../ready-line.js";

const serverDir = fileURLToPath(new URL("../../", import.meta.url));
// tsx runs the TypeScript source (workspace packages through their "source" export), so a
// process test needs no build, like the rest of the server suite.
const tsxLoader = createRequire(`${serverDir}package.json`).resolve("tsx");
const mainSource = fileURLToPath(new URL("../main.ts", import.meta.url));

/** How a process ended. */
export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** `src/main.ts` (what `pnpm start` runs) in a child process. */
export interface ServerProcess {
  readonly port: number;
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** What it printed on stderr. */
  errors(): string;
  /** Resolves once the output matches `pattern` (rejects when the process ends first). */
  printed(pattern: RegExp): Promise<void>;
  /** Resolves when the process has ended. */
  readonly exited: Promise<ProcessExit>;
  /** SIGKILL unless ended already (cleanup after a failed test). */
  kill(): Promise<void>;
}

/**
 * Spawns `src/main.ts` with `env` on top of a quiet, small default environment (own port,
 * no company seed). It does not wait for readiness: see {@link waitUntilReady}.
 */
export const spawnServer = async (
  env: Readonly<Record<string, string>>,
): Promise<ServerProcess> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  // The test's own settings must not leak into the server under test.
  for (const name of ["DATABASE_URL", "DATA_DIR", "REDIS_URL", "SMTP_URL", "OIDC_ISSUER"]) {
    delete inherited[name];
  }
  const child = spawn(
    process.execPath,
    ["--conditions=source", "--import", tsxLoader, mainSource],
    {
      cwd: serverDir,
      env: {
        ...inherited,
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: url,
        COMPANY_SEED_COUNT: "0",
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  let errors = "";
  const watchers = new Set<() => void>();
  const append = (chunk: Buffer, toErrors: boolean) => {
    output += chunk.toString();
    if (toErrors) errors += chunk.toString();
    for (const watch of watchers) watch();
  };
  child.stdout?.on("data", (chunk: Buffer) => append(chunk, false));
  child.stderr?.on("data", (chunk: Buffer) => append(chunk, true));
  const exited = once(child, "exit").then(([code, signal]) => ({ code, signal }) as ProcessExit);
  return {
    port,
    url,
    child,
    output: () => output,
    errors: () => errors,
    exited,
    printed: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const watch = () => {
          if (!pattern.test(output)) return;
          watchers.delete(watch);
          resolve();
        };
        watchers.add(watch);
        watch();
        void exited.then(() => {
          if (!pattern.test(output)) reject(new Error(`ended without ${pattern}:\n${output}`));
        });
      }),
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
};

/**
 * Resolves once the process says it is ready (main.ts prints {@link READY_LINE} after the
 * start: migrations applied, listening), then checks `/readyz` once; fails with the output
 * when the process ends first. No polling: the process tells.
 */
export const waitUntilReady = async (server: ServerProcess): Promise<void> => {
  await server.printed(new RegExp(`^${READY_LINE} `, "m"));
  const res = await fetch(`${server.url}/readyz`);
  await res.body?.cancel();
  if (res.status !== 200) {
    throw new Error(`ready line printed, but /readyz answered ${res.status}:\n${server.output()}`);
  }
};
