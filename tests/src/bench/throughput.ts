import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { API_ROUTES, apiPath } from "@portal/contracts";
import autocannon from "autocannon";
import { freshAccount, registerConfirmedAccount } from "../support/accounts-api.js";
import { signInOverHttp } from "../support/oidc-sign-in.js";
import { Outbox } from "../support/outbox.js";
import { type PortalOptions, startPortal } from "../support/portal-server.js";
import { cpuSeconds, rssMb, sampleRss } from "./memory.js";
import { median } from "./stats.js";

export interface ThroughputSettings {
  readonly connections: number;
  readonly durationS: number;
  readonly rounds: number;
}

export interface ThroughputFigures {
  readonly database: string;
  readonly portalRps: number;
  readonly bareRps: number;
  readonly ratio: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly bareP50Ms: number;
  readonly bareP99Ms: number;
  readonly non2xx: number;
  readonly rssIdleMb: number;
  readonly rssLoadMb: number;
  /** Server CPU per answered request at the same fixed rate (all threads), microseconds. */
  readonly cpuUsPerRequest: number;
  readonly bareCpuUsPerRequest: number;
}

/**
 * The fixed request rate of the CPU measurement: low enough for both servers on any of
 * the machines here, so neither is saturated and the figure does not depend on how the
 * cores are shared with autocannon (which saturated throughput does).
 */
const FIXED_RATE = 4_000;

/** Signed-in people whose tokens the connections share (registration allows 20 per client an hour). */
const BENCH_USERS = 16;

const bareScript = fileURLToPath(new URL("./bare-server.mjs", import.meta.url));

/** Starts the bare node:http baseline in its own process, as the portal runs in its own. */
const startBare = async () => {
  const child = spawn(process.execPath, [bareScript], { stdio: ["ignore", "pipe", "inherit"] });
  const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
  const port = Number(chunk.toString().trim());
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    stop: async () => {
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
};

/**
 * Authenticated `GET /persons/me` (real tokens of the embedded provider for 16 people: token
 * verification and a database read) against a bare node:http handler, same autocannon settings, alternating
 * rounds, medians of `rounds`; with the server's resident memory idle and at peak under load.
 */
export const measureThroughput = async (
  database: "pglite" | "postgres",
  s: ThroughputSettings,
  /**
   * Extra environment of the portal process (the patches section unpatches through it) and
   * Node.js flags before the entry (the start-flags comparison).
   */
  portalOptions: Pick<PortalOptions, "env" | "nodeArgs"> = {},
): Promise<ThroughputFigures> => {
  const portal = await startPortal({
    postgres: database === "postgres",
    companySeedCount: 1_000,
    ...portalOptions,
  });
  const bare = await startBare();
  /** CPU microseconds per request of process `pid` while autocannon sends FIXED_RATE req/s. */
  const cpuPerRequest = async (pid: number, options: autocannon.Options) => {
    const before = cpuSeconds(pid);
    const run = await autocannon({ ...options, overallRate: FIXED_RATE });
    return ((cpuSeconds(pid) - before) * 1e6) / (run.requests.total || Number.NaN);
  };
  try {
    const outbox = new Outbox(portal.url);
    // Connections are spread over several signed-in people (as in production, where many
    // people read their own data at once), not one person's row read over and over.
    const tokens: string[] = [];
    for (let i = 0; i < BENCH_USERS; i++) {
      const account = freshAccount(`bench${i}`);
      await registerConfirmedAccount(portal.url, outbox, account);
      tokens.push((await signInOverHttp(portal.url, account.email, account.password)).accessToken);
    }
    const meUrl = portal.url + apiPath(API_ROUTES.getMe);
    for (const token of tokens) {
      const probe = await fetch(meUrl, { headers: { authorization: `Bearer ${token}` } });
      if (!probe.ok) throw new Error(`GET /persons/me answered ${probe.status}`);
    }
    let next = 0;
    const asUsers = {
      setupClient: (client: { setHeaders(h: Record<string, string>): void }) =>
        client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}` }),
    };
    const opts = { connections: s.connections, duration: s.durationS };
    // Warm both up (JIT, connection pools, JWKS cache) before anything is counted.
    await autocannon({ url: bare.url, ...opts, duration: 2 });
    await autocannon({ url: meUrl, ...opts, duration: 2, ...asUsers });
    const rssIdleMb = rssMb(portal.pid);
    const portalRuns = [];
    const bareRuns = [];
    let rssLoadMb = 0;
    for (let i = 0; i < s.rounds; i++) {
      bareRuns.push(await autocannon({ url: bare.url, ...opts }));
      const sampler = sampleRss(portal.pid);
      portalRuns.push(await autocannon({ url: meUrl, ...opts, ...asUsers }));
      rssLoadMb = Math.max(rssLoadMb, sampler.stop());
    }
    const cpuUsPerRequest = await cpuPerRequest(portal.pid, { url: meUrl, ...opts, ...asUsers });
    const bareCpuUsPerRequest = await cpuPerRequest(bare.pid, { url: bare.url, ...opts });
    const portalRps = median(portalRuns.map((r) => r.requests.average));
    const bareRps = median(bareRuns.map((r) => r.requests.average));
    return {
      database,
      portalRps,
      bareRps,
      ratio: portalRps / bareRps,
      p50Ms: median(portalRuns.map((r) => r.latency.p50)),
      p99Ms: median(portalRuns.map((r) => r.latency.p99)),
      bareP50Ms: median(bareRuns.map((r) => r.latency.p50)),
      bareP99Ms: median(bareRuns.map((r) => r.latency.p99)),
      non2xx: portalRuns.reduce((n, r) => n + r.non2xx + r.errors, 0),
      rssIdleMb,
      rssLoadMb,
      cpuUsPerRequest,
      bareCpuUsPerRequest,
    };
  } finally {
    await bare.stop();
    await portal.stop();
  }
};
