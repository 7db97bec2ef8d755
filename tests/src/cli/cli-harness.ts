import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type RunningServer, startServer } from "@portal/server";
import { afterAll, beforeAll } from "vitest";
import { databases } from "../../../server/src/test-support/databases.js";
import { leaseServer } from "../../../server/src/test-support/shared-servers.js";
import { registerConfirmedAccount } from "../support/accounts-api.js";
import { bundleIsFresh } from "../support/bundle-freshness.js";
import { freePort } from "../support/portal-server.js";
import { SettledOutbox } from "../support/settled-outbox.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
/** The `portal` bin, as `pnpm portal` and an installed package run it. */
export const PORTAL_BIN = join(root, "cli/bin/portal.mjs");
const bundle = join(root, "cli/dist/index.js");

/**
 * Builds the CLI bundle (`pnpm --filter @portal/cli build`) when it is missing or
 * older than the sources it bundles, under a lock so parallel test files build once.
 * The bin then runs the bundle: the code an installed `portal` runs, and fast to start.
 */
export const ensureCliBuilt = (): void => {
  if (
    bundleIsFresh(
      bundle,
      ["cli/src", "core/src", "contracts/src"].map((d) => join(root, d)),
    )
  )
    return;
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

/** Starts the real server (PGlite copied from the migrated template, port 0, a small register, quick device polls). */
export const startTestPortal = async (): Promise<TestPortal> => {
  const provisioned = await pgliteTarget().provision();
  const configHome = await mkdtemp(join(tmpdir(), "portal-cli-config-"));
  const secret = randomBytes(24).toString("base64url");
  let server: RunningServer;
  try {
    server = await startServer({
      port: 0,
      host: "127.0.0.1",
      logLevel: "silent",
      dataDir: provisioned.dataDir,
      databaseUrl: undefined,
      smtpUrl: undefined,
      companySeedCount: 300,
      supportClientSecret: secret,
      // `portal login` polls every second, not at RFC 8628's default of 5 (a device sign-in
      // takes a test a second of waiting, not ten).
      devicePollSeconds: 1,
    });
  } catch (error) {
    await provisioned.dispose();
    throw error;
  }
  return {
    url: server.url,
    secret,
    server,
    configHome,
    close: async () => {
      await server.close();
      await provisioned.dispose();
      await rm(configHome, { recursive: true, force: true });
    },
  };
};

const pgliteTarget = () => {
  const found = databases.find((d) => d.name === "pglite");
  if (!found) throw new Error("no PGlite test database");
  return found;
};

/**
 * The worker's shared CLI portal (started by the first file that asks), its database put
 * back as the server left it after starting (accounts, sessions and rate-limit counts of the
 * file before are gone, the seeded register stays), with a config folder of the file's own;
 * `close` hands the portal back and removes the folder. The tests project runs without
 * isolation, so the pool outlives a file: one server start per worker instead of per file.
 */
export const leaseTestPortal = async (): Promise<TestPortal> => {
  const lease = await leaseServer("cli-portal:pglite", startTestPortal);
  const configHome = await mkdtemp(join(tmpdir(), "portal-cli-config-"));
  return {
    ...lease.value,
    configHome,
    close: async () => {
      lease.release();
      await rm(configHome, { recursive: true, force: true });
    },
  };
};

/** The URL of a port nobody listens on: the "portal is down" case. */
export const downUrl = async (): Promise<string> => `http://127.0.0.1:${await freePort()}`;

/** The password of the accounts the CLI tests register. */
export const CLI_TEST_PASSWORD = "Sommer2024!xQ";

/** A fresh address for one test's account. */
export const uniqueEmail = (name: string): string =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.de`;

/** A file's portal (see {@link useTestPortal}) and what its tests do with it. */
export interface TestPortalHandle {
  /** The running portal (after the file's beforeAll). */
  readonly portal: () => TestPortal;
  /** `portal ...args --url <portal>` as support: the client secret and a private config folder. */
  readonly support: (args: ReadonlyArray<string>, env?: Record<string, string>) => Promise<CliRun>;
  /** Registers and confirms an account (password {@link CLI_TEST_PASSWORD}); answers its address. */
  readonly confirmed: (
    name: string,
    person?: { givenName: string; surName: string },
  ) => Promise<string>;
}

/**
 * A portal for the test file: built CLI and the worker's shared server (see
 * {@link leaseTestPortal}) before its tests, handed back after them.
 *
 * @example
 * const { portal, support, confirmed } = useTestPortal();
 * const r = await support(["person", "show", "--email", await confirmed("show")]);
 */
export const useTestPortal = (): TestPortalHandle => {
  let portal: TestPortal | undefined;
  beforeAll(async () => {
    ensureCliBuilt();
    portal = await leaseTestPortal();
  });
  afterAll(() => portal?.close());
  const running = (): TestPortal => {
    if (!portal) throw new Error("the test portal has not started (beforeAll)");
    return portal;
  };
  return {
    portal: running,
    support: (args, env = {}) =>
      runPortal([...args, "--url", running().url], {
        env: {
          PORTAL_CLIENT_SECRET: running().secret,
          XDG_CONFIG_HOME: running().configHome,
          ...env,
        },
      }),
    confirmed: async (name, person = { givenName: "Erika", surName: "Mustermann" }) => {
      const email = uniqueEmail(name);
      await registerConfirmedAccount(running().url, new SettledOutbox(running().url), {
        email,
        password: CLI_TEST_PASSWORD,
        ...person,
      });
      return email;
    },
  };
};
