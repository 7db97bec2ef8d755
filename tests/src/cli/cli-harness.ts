import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type RunningServer, startServer } from "@portal/server";
import { freePort } from "../support/portal-server.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
/** The `portal` bin, as `pnpm portal` and an installed package run it. */
export const PORTAL_BIN = join(root, "cli/bin/portal.mjs");
const bundle = join(root, "cli/dist/index.js");

// The same rule as cli/bin/portal.mjs: test files are not part of the bundle.
const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return Math.max(latest, newest(path));
    return entry.name.endsWith(".test.ts") ? latest : Math.max(latest, statSync(path).mtimeMs);
  }, 0);

/**
 * Builds the CLI bundle (`pnpm --filter @portal/cli build`) when it is missing or
 * older than the sources it bundles, under a lock so parallel test files build once.
 * The bin then runs the bundle: the code an installed `portal` runs, and fast to start.
 */
export const ensureCliBuilt = (): void => {
  const sources = ["cli/src", "core/src", "contracts/src"].map((d) => newest(join(root, d)));
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= Math.max(...sources)) return;
  execFileSync(
    "flock",
    [
      join(tmpdir(), "portal-cli-build.lock"),
      "node",
      join(root, "node_modules/tsup/dist/cli-default.js"),
    ],
    { cwd: join(root, "cli"), stdio: "pipe" },
  );
};

/** What one run of the CLI did. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** Environment on top of a clean one (PATH, HOME, LANG=en_US.UTF-8, a private XDG_CONFIG_HOME). */
  readonly env?: Readonly<Record<string, string>>;
  /** Piped to stdin (stdin is never a terminal here). */
  readonly stdin?: string;
  /** Called with each chunk of stdout while the CLI runs (for `login`). */
  readonly onStdout?: (text: string) => void;
  /** Ends the CLI early (a test that failed half-way must not leave it polling). */
  readonly signal?: AbortSignal;
}

/** Runs `portal ...args` as a child process and collects its output and exit code. */
export const runPortal = (args: ReadonlyArray<string>, options: RunOptions = {}): Promise<CliRun> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PORTAL_BIN, ...args], {
      cwd: root,
      // A clean environment: nothing of the developer's PORTAL_* or locale leaks in.
      env: { PATH: process.env.PATH ?? "", HOME: tmpdir(), LANG: "en_US.UTF-8", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
      ...(options.signal ? { signal: options.signal, killSignal: "SIGTERM" as const } : {}),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
      options.onStdout?.(d);
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.on("error", (error) => {
      if (error.name !== "AbortError") reject(error);
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? "");
  });

/** A portal started in this process for the CLI to talk to. */
export interface TestPortal {
  readonly url: string;
  /** SUPPORT_CLIENT_SECRET of the server = PORTAL_CLIENT_SECRET of the CLI. */
  readonly secret: string;
  readonly server: RunningServer;
  /** A private config folder (XDG_CONFIG_HOME) for the CLI's tokens. */
  readonly configHome: string;
  close(): Promise<void>;
}

/** Starts the real server (PGlite in a temporary DATA_DIR, port 0, a small register). */
export const startTestPortal = async (): Promise<TestPortal> => {
  const dataDir = await mkdtemp(join(tmpdir(), "portal-cli-data-"));
  const configHome = await mkdtemp(join(tmpdir(), "portal-cli-config-"));
  const secret = randomBytes(24).toString("base64url");
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    logLevel: "silent",
    dataDir,
    databaseUrl: undefined,
    smtpUrl: undefined,
    companySeedCount: 300,
    supportClientSecret: secret,
  });
  return {
    url: server.url,
    secret,
    server,
    configHome,
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(configHome, { recursive: true, force: true });
    },
  };
};

/** The URL of a port nobody listens on: the "portal is down" case. */
export const downUrl = async (): Promise<string> => `http://127.0.0.1:${await freePort()}`;
