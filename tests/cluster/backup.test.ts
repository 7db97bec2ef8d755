import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { API_ROUTES, apiPath } from "@portal/contracts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshAccount, registerConfirmedAccount } from "../src/support/accounts-api.js";
import { type SignInResult, signInOverHttp } from "../src/support/oidc-sign-in.js";
import { Outbox } from "../src/support/outbox.js";
import { poll } from "../src/support/poll.js";
import { freePort } from "../src/support/portal-server.js";
import { type Cluster, clusterUp } from "./cluster.js";
import { refresh } from "./tokens.js";
import { asCaller, instrumentFetch, Tally } from "./traffic.js";

// Backups that restore (issue 50): a base backup of the cluster's primary (scripts/backup.sh
// take), people signed in before it, after it and after a chosen time; then a restore to that
// time into a fresh instance (the archive's WAL replayed), and a portal node started on the
// copy. On demand with the cluster suite: `corepack pnpm test:cluster backup`.

const root = fileURLToPath(new URL("../../", import.meta.url));
const backupScript = join(root, "scripts/backup.sh");
const run = promisify(execFile);

let cluster: Cluster;
let work: string;
let restoredPort: number | undefined;
let portal: ChildProcess | undefined;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const backup = async (...args: string[]): Promise<string> => {
  try {
    return (await run("bash", [backupScript, ...args], { maxBuffer: 1 << 20 })).stdout;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`backup.sh ${args[0]} failed: ${e.stderr || e.message}`);
  }
};

const query = async <T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
};

/** Registers, confirms and signs in a new person through the cluster, from its own address. */
const personSignedIn = async (label: string, address: string) => {
  const account = freshAccount(`backup-${label}`);
  const tally = new Tally();
  const tokens = await asCaller({ address, tally: () => tally }, async () => {
    await registerConfirmedAccount(cluster.url, new Outbox(cluster.url), account);
    return signInOverHttp(cluster.url, account.email, account.password);
  });
  return { account, tokens };
};

/** Completes the current WAL segment and waits until the archive holds it. */
const archiveNow = async (): Promise<void> => {
  const [row] = await query<{ segment: string }>(
    cluster.databaseUrl,
    "select pg_walfile_name(pg_switch_wal()) as segment",
  );
  await poll(
    `segment ${row!.segment} in the archive`,
    async () => {
      const [archived] = await query<{ wal: string | null }>(
        cluster.databaseUrl,
        "select last_archived_wal as wal from pg_stat_archiver",
      );
      return archived?.wal && archived.wal.slice(0, 24) >= row!.segment ? true : undefined;
    },
    60_000,
    200,
  );
};

describe("a base backup and the WAL archive restore to a point in time", () => {
  beforeAll(async () => {
    instrumentFetch();
    work = mkdtempSync(join(tmpdir(), "portal-backup-test-"));
    // Backups and the restored instance belong to the user postgres, who must reach them.
    chmodSync(work, 0o755);
    cluster = await clusterUp(1, {
      dir: join(tmpdir(), `portal-cluster-backup-${process.pid}`),
      port: await freePort(),
      env: {
        CLUSTER_DB_PORT: String(await freePort()),
        CLUSTER_REDIS_PORT: String(await freePort()),
        CLUSTER_SEED: "100",
      },
    });
  });

  afterAll(async () => {
    portal?.kill("SIGKILL");
    if (restoredPort) await backup("stop", join(work, "restored")).catch(() => undefined);
    await cluster?.down();
    rmSync(work, { recursive: true, force: true });
  });

  it("restores people, sessions and tokens up to the chosen time, nothing after it, and a portal starts on the copy", async () => {
    const dbPort = new URL(cluster.databaseUrl).port;
    const before = await personSignedIn("before", "198.18.20.1");
    let t = performance.now();
    const base = (await backup("take", "127.0.0.1", dbPort, join(work, "backups"))).trim();
    const tookBackup = performance.now() - t;
    const between = await personSignedIn("between", "198.18.20.2");
    // The chosen time, on the database's clock: after `between` was acknowledged, before
    // `after` was sent.
    const [{ at } = { at: "" }] = await query<{ at: string }>(
      cluster.databaseUrl,
      `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`,
    );
    const after = await personSignedIn("after", "198.18.20.3");
    await archiveNow();

    restoredPort = await freePort();
    t = performance.now();
    await backup(
      "restore",
      join(work, "backups"),
      join(cluster.dir, "wal"),
      at,
      join(work, "restored"),
      String(restoredPort),
    );
    const tookRestore = performance.now() - t;
    const restoredUrl = `postgres://postgres@127.0.0.1:${restoredPort}/portal`;

    // A portal node on the copy, with the cluster's secrets and public origin (the tokens'
    // issuer), as a replacement installation would be started.
    t = performance.now();
    const env = readFileSync(join(cluster.dir, "env"), "utf8");
    const setting = (name: string) => new RegExp(`^${name}=(.*)$`, "m").exec(env)?.[1] ?? "";
    const port = await freePort();
    portal = spawn(process.execPath, [join(root, "server/dist/main.js")], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: cluster.url,
        DATABASE_URL: restoredUrl,
        KEYED_HASH_SECRET: setting("KEYED_HASH_SECRET"),
        SUPPORT_CLIENT_SECRET: setting("SUPPORT_CLIENT_SECRET"),
        TRUST_PROXY: "loopback",
        MAIL_OUTBOX: "public",
        COMPANY_SEED_COUNT: "100",
        LOG_LEVEL: "warn",
      },
      stdio: "ignore",
    });
    const url = `http://127.0.0.1:${port}`;
    await poll(
      "the portal on the restored copy to be ready",
      async () => ((await fetch(`${url}/readyz`)).status === 200 ? true : undefined),
      120_000,
      200,
    );
    const tookPortal = performance.now() - t;
    console.log(
      `backup: base backup ${seconds(tookBackup)} (${base}); restore to ${at} ${seconds(tookRestore)}; ` +
        `portal ready on the copy ${seconds(tookPortal)} later`,
    );

    const people = await query<{ email: string }>(
      restoredUrl,
      "select email from persons where email = any($1)",
      [[before, between, after].map((p) => p.account.email.toLowerCase())],
    );
    expect(people.map((p) => p.email).sort()).toEqual(
      [before, between].map((p) => p.account.email.toLowerCase()).sort(),
    );
    const me = async (tokens: SignInResult) => {
      const res = await fetch(url + apiPath(API_ROUTES.getMe), {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      await res.body?.cancel();
      return res.status;
    };
    // Sessions and tokens issued before the backup, and between it and the chosen time.
    expect(await me(before.tokens)).toBe(200);
    expect((await refresh(url, before.tokens.refreshToken)).status).toBe(200);
    expect(await me(between.tokens)).toBe(200);
    expect((await refresh(url, between.tokens.refreshToken)).status).toBe(200);
    // Nothing after it: the person is not there, nor their session or refresh token.
    expect(await me(after.tokens)).toBe(401);
    expect((await refresh(url, after.tokens.refreshToken)).status).toBe(400);
  });

  it("measures how far behind the archive is without a forced switch (RPO if every host is lost)", async () => {
    // A write through the portal (a registration and a sign-in), then the time until the
    // segment holding it is archived: archive_timeout (cluster.sh: 60 s) bounds it when the
    // database writes little, as here.
    await personSignedIn("rpo", "198.18.20.4");
    const [{ segment } = { segment: "" }] = await query<{ segment: string }>(
      cluster.databaseUrl,
      "select pg_walfile_name(pg_current_wal_lsn()) as segment",
    );
    const t = performance.now();
    await poll(
      `segment ${segment} in the archive`,
      async () => {
        const [archived] = await query<{ wal: string | null }>(
          cluster.databaseUrl,
          "select last_archived_wal as wal from pg_stat_archiver",
        );
        return archived?.wal && archived.wal.slice(0, 24) >= segment ? true : undefined;
      },
      120_000,
      500,
    );
    const lag = performance.now() - t;
    console.log(
      `backup: a commit reached the archive ${seconds(lag)} after it (archive_timeout 60 s)`,
    );
    expect(lag).toBeLessThan(65_000);
  });
});
