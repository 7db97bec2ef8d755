import { tmpdir } from "node:os";
import { join } from "node:path";
import { API_ROUTES, apiPath } from "@portal/contracts";
import autocannon from "autocannon";
import pg from "pg";
import { BACKGROUND_SQL } from "../../../server/src/test-support/statement-counter.js";
import { clusterUp } from "../../cluster/cluster.js";
import { asCaller, instrumentFetch, Tally } from "../../cluster/traffic.js";
import {
  freshAccount,
  type NewAccount,
  registerConfirmedAccount,
} from "../support/accounts-api.js";
import { signInOverHttp } from "../support/oidc-sign-in.js";
import { Outbox } from "../support/outbox.js";
import { freePort } from "../support/portal-server.js";
import { cpuSeconds } from "./memory.js";
import { startPgWireMeter, type WireTotals } from "./pg-wire-meter.js";
import { median, percentile } from "./stats.js";

export interface ClusterFigures {
  readonly nodes: number;
  readonly signIns: number;
  readonly signInsPerSecond: number;
  /** CPU seconds the nodes used per second of the sign-in run (how many cores they kept busy). */
  readonly busyCores: number;
  readonly signInsPerSecondPerBusyCore: number;
  readonly signInP50Ms: number;
  readonly signInP99Ms: number;
  readonly failedSignIns: number;
  readonly statementsPerSignIn: number;
  readonly databaseMsPerSignIn: number;
  readonly meRequestsPerSecond: number;
  readonly statementsPerMe: number;
  readonly databaseMsPerMe: number;
  /** `GET /persons/me` one at a time (one person): nothing shared with other requests. */
  readonly statementsPerMeAlone: number;
}

/**
 * What the nodes do on their own clock, whatever the traffic: the balancer's health checks
 * (`select 1` and the migration check of /readyz) and the mail queue's poll. Under load they
 * slow down, so they cannot be subtracted as a rate measured while idle (that left fewer
 * statements than requests for `GET /persons/me`): the meter leaves them out by their SQL.
 */

/** Sequential `GET /persons/me` calls whose statements are counted alone. */
const ME_ALONE_CALLS = 200;

export interface ClusterSettings {
  readonly durationS: number;
  /** Sign-ins in flight at once (each its own person and client address). */
  readonly concurrency: number;
}

const nodeCpu = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

const minus = (a: WireTotals, b: WireTotals): WireTotals => ({
  statements: a.statements - b.statements,
  databaseMs: a.databaseMs - b.databaseMs,
});

/**
 * The database work of `run` alone: the meter's totals during it, less what the idle cluster
 * (health checks every second per node, the mail-queue poll) did in as long a time just before.
 */
const databaseWorkOf = async (
  meter: { totals(): WireTotals },
  idleMs: number,
  run: () => Promise<number>,
): Promise<{ work: WireTotals; runMs: number; count: number }> => {
  const idleStart = meter.totals();
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const idle = minus(meter.totals(), idleStart);
  const idleRate = { statements: idle.statements / idleMs, databaseMs: idle.databaseMs / idleMs };
  const before = meter.totals();
  const start = performance.now();
  const count = await run();
  const runMs = performance.now() - start;
  const during = minus(meter.totals(), before);
  return {
    work: {
      statements: during.statements - idleRate.statements * runMs,
      databaseMs: during.databaseMs - idleRate.databaseMs * runMs,
    },
    runMs,
    count,
  };
};

/**
 * A cluster of `nodes` (scripts/cluster.sh) with the statement meter between the nodes and
 * PostgreSQL: password sign-ins (the whole provider flow) for `durationS` through the balancer
 * at `concurrency`, then authenticated `GET /persons/me` with autocannon, each with the nodes'
 * CPU time and the database statements and time it caused.
 */
export const measureCluster = async (
  nodes: number,
  s: ClusterSettings,
): Promise<ClusterFigures> => {
  instrumentFetch();
  // The meter sits between the relay and the cluster's own PostgreSQL (it connects upstream
  // per connection, so it may start before the instance does).
  const dbPort = await freePort();
  const meter = await startPgWireMeter("127.0.0.1", dbPort, { ignore: BACKGROUND_SQL });
  const cluster = await clusterUp(nodes, {
    dir: join(tmpdir(), `portal-bench-cluster-${process.pid}`),
    port: await freePort(),
    // Its own networks, so that the bench can run beside the cluster suite (10.235).
    env: {
      CLUSTER_DB_PORT: String(dbPort),
      CLUSTER_REDIS_PORT: String(await freePort()),
      CLUSTER_PG_PORT: String(meter.port),
      CLUSTER_NET: "10.236",
    },
  });
  try {
    const pids = (await cluster.status()).map((n) => n.pid!);
    const outbox = new Outbox(cluster.url);
    const people: Array<{ account: NewAccount; address: string; tally: Tally }> = [];
    for (let i = 0; i < s.concurrency; i++) {
      const account = freshAccount(`bench-cluster${i}`);
      const address = `198.18.1.${i + 1}`;
      const tally = new Tally();
      await asCaller({ address, tally: () => tally }, () =>
        registerConfirmedAccount(cluster.url, outbox, account),
      );
      people.push({ account, address, tally });
    }
    const signIn = (p: (typeof people)[number]) =>
      asCaller({ address: p.address, tally: () => p.tally }, () =>
        signInOverHttp(cluster.url, p.account.email, p.account.password),
      );
    // Warm-up: JIT, pools and JWKS caches of every node (round robin spreads them).
    for (let round = 0; round < nodes; round++) await Promise.all(people.map(signIn));

    const timings: number[] = [];
    let failed = 0;
    const cpuBefore = nodeCpu(pids);
    const signIns = await databaseWorkOf(meter, 3_000, async () => {
      const until = performance.now() + s.durationS * 1000;
      await Promise.all(
        people.map(async (p) => {
          while (performance.now() < until) {
            try {
              timings.push((await signIn(p)).timings.totalMs);
            } catch {
              failed++;
            }
          }
        }),
      );
      return timings.length;
    });
    const busyCores = (nodeCpu(pids) - cpuBefore) / (signIns.runMs / 1000);

    const tokens = await Promise.all(people.map(async (p) => (await signIn(p)).accessToken));
    let next = 0;
    const me = await databaseWorkOf(meter, 3_000, async () => {
      const run = await autocannon({
        url: cluster.url + apiPath(API_ROUTES.getMe),
        connections: 20,
        duration: s.durationS,
        setupClient: (client: { setHeaders(h: Record<string, string>): void }) =>
          client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}` }),
      });
      if (run.non2xx + run.errors > 0)
        throw new Error(`GET /persons/me: ${run.non2xx} non-2xx, ${run.errors} errors`);
      return run.requests.total;
    });
    // One request at a time: no batching of the person reads of concurrent requests (see
    // server/src/db/person-loader.ts); the session check is cached per session for 2 s.
    const alone = await databaseWorkOf(meter, 3_000, async () => {
      for (let i = 0; i < ME_ALONE_CALLS; i++) {
        const res = await fetch(cluster.url + apiPath(API_ROUTES.getMe), {
          headers: { authorization: `Bearer ${tokens[0]}` },
        });
        if (res.status !== 200) throw new Error(`GET /persons/me alone: ${res.status}`);
        await res.arrayBuffer();
      }
      return ME_ALONE_CALLS;
    });
    const signInsPerSecond = signIns.count / (signIns.runMs / 1000);
    return {
      nodes,
      signIns: signIns.count,
      signInsPerSecond,
      busyCores,
      signInsPerSecondPerBusyCore: signInsPerSecond / busyCores,
      signInP50Ms: median(timings),
      signInP99Ms: percentile(timings, 99),
      failedSignIns: failed,
      statementsPerSignIn: signIns.work.statements / signIns.count,
      databaseMsPerSignIn: signIns.work.databaseMs / signIns.count,
      meRequestsPerSecond: me.count / (me.runMs / 1000),
      statementsPerMe: me.work.statements / me.count,
      databaseMsPerMe: me.work.databaseMs / me.count,
      statementsPerMeAlone: alone.work.statements / alone.count,
    };
  } finally {
    await cluster.down();
    await meter.close();
  }
};

/**
 * Round trip of `select 1` from this machine to the cluster's PostgreSQL directly and through its
 * HAProxy relay (what the nodes in their namespaces use), median of `runs`, milliseconds.
 */
export const measureRelay = async (runs = 300): Promise<{ directMs: number; relayMs: number }> => {
  const cluster = await clusterUp(1, {
    dir: join(tmpdir(), `portal-bench-relay-${process.pid}`),
    port: await freePort(),
    env: {
      CLUSTER_DB_PORT: String(await freePort()),
      CLUSTER_REDIS_PORT: String(await freePort()),
      CLUSTER_NET: "10.236",
    },
  });
  const dbPort = Number(new URL(cluster.databaseUrl).port);
  const time = async (host: string, port: number) => {
    const client = new pg.Client({ host, port, user: "postgres", database: "postgres" });
    await client.connect();
    try {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await client.query("select 1");
        samples.push(performance.now() - t);
      }
      return median(samples);
    } finally {
      await client.end();
    }
  };
  try {
    // The relay's address for node 1 (the host's end of its veth pair).
    const relayHost = (await cluster.status())[0]!.addr.replace(/\.2:\d+$/, ".1");
    const directMs = await time("127.0.0.1", dbPort);
    const relayMs = await time(relayHost, 5432);
    return { directMs, relayMs };
  } finally {
    await cluster.down();
  }
};
