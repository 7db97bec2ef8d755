import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { HealthReport } from "@portal/contracts";
import * as Schema from "effect/Schema";
import { freePort } from "../../../server/src/http/free-port.js";
import { poll } from "./poll.js";

const isHealthReport = Schema.is(HealthReport);
const isReadyReport = (body: unknown): boolean => isHealthReport(body) && body.status === "ok";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** One running portal (API, provider, web app, outbox) on its own port and data. */
export interface Portal {
  /** Origin, e.g. `http://localhost:41234`. */
  readonly url: string;
  /** `url` + `/benutzerverwaltung/`. */
  readonly appUrl: string;
  readonly dataDir: string;
  /** Secret of the `portal-support` client (client credentials) for the support API. */
  readonly supportSecret: string;
  /** Process id of the server (the benchmarks read its resident memory). */
  readonly pid: number;
  /** PostgreSQL URL of this portal's own database, when it runs on PostgreSQL. */
  readonly databaseUrl: string | undefined;
  /** What the server printed so far (kept for failure reports). */
  log(): string;
  stop(): Promise<void>;
}

export interface PortalOptions {
  /** Companies seeded on first start; small keeps the start fast. */
  readonly companySeedCount?: number;
  /** Extra environment for the server process. */
  readonly env?: Readonly<Record<string, string>>;
  /** Start on a fresh PostgreSQL database instead of PGlite. */
  readonly postgres?: boolean;
  /**
   * The origin to serve on (PUBLIC_URL; the server listens on its port). The Keycloak
   * journeys pick it before Keycloak starts, whose redirect URIs must name it. Without it:
   * `http://localhost:` and a free port.
   */
  readonly origin?: string;
  /** Node.js flags before the entry (the bench compares V8 settings with what main.js sets). */
  readonly nodeArgs?: readonly string[];
}

/** A port nobody listens on right now (the server binds it a moment later): the server's own. */
export { freePort };

/**
 * Starts `node server/dist/main.js` (what `pnpm start` runs) on a free port with a fresh
 * temporary DATA_DIR, waits for `/readyz`, and stops it with SIGTERM (then SIGKILL).
 * The origin is `localhost`, which Chromium treats as secure, so the portal's Secure,
 * SameSite=None language cookie works over plain HTTP as in production over HTTPS.
 */
export const startPortal = async (options: PortalOptions = {}): Promise<Portal> => {
  const dataDir = await mkdtemp(join(tmpdir(), "portal-e2e-"));
  const url = options.origin ?? `http://localhost:${await freePort()}`;
  const port = Number(new URL(url).port);
  // E2E_DATABASE=postgres runs every portal on its own PostgreSQL database instead of PGlite.
  const usePostgres = options.postgres ?? process.env.E2E_DATABASE === "postgres";
  const pg = usePostgres ? await createPostgresDatabase() : undefined;
  const supportSecret = randomBytes(24).toString("base64url");
  let output = "";
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), join(root, "server/dist/main.js")],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        COMPANY_SEED_COUNT: String(options.companySeedCount ?? 2_000),
        LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? "warn",
        SUPPORT_CLIENT_SECRET: supportSecret,
        ...(pg ? { DATABASE_URL: pg.url } : {}),
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  let exited: number | null | undefined;
  child.on("exit", (code) => (exited = code));

  const stop = async () => {
    if (exited === undefined) {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await gone;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
    await pg?.drop();
  };

  try {
    await poll(
      `the portal on ${url} to be ready`,
      async () => {
        if (exited !== undefined) throw new Error(`server exited with ${exited}:\n${output}`);
        // The server listens only once migrations and seeding are done; /readyz answers 503
        // while the database is unreachable.
        // Only the portal's own report counts: another server on the port (it happened:
        // Keycloak on a port picked from the ephemeral range) must not pass for it.
        const res = await fetch(`${url}/readyz`).catch(() => undefined);
        if (!res?.ok) {
          await res?.body?.cancel();
          return undefined;
        }
        return isReadyReport(await res.json().catch(() => undefined)) ? true : undefined;
      },
      140_000,
      200,
    );
  } catch (e) {
    await stop();
    throw new Error(`${(e as Error).message}\n--- server output ---\n${output}`);
  }
  return {
    url,
    appUrl: `${url}/benutzerverwaltung/`,
    dataDir,
    pid: child.pid!,
    supportSecret,
    databaseUrl: pg?.url,
    log: () => output,
    stop,
  };
};

/** A fresh database on the local PostgreSQL (trust auth), dropped when the portal stops. */
const createPostgresDatabase = async (): Promise<{ url: string; drop: () => Promise<void> }> => {
  const { runSql } = await import("./postgres.js");
  const name = `portal_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await runSql("postgres", `create database ${name}`);
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: async () => {
      await runSql("postgres", `drop database if exists ${name} with (force)`);
    },
  };
};
