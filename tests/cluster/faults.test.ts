import { tmpdir } from "node:os";
import { join } from "node:path";
import { API_ROUTES, apiPath } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../src/support/oidc-sign-in.js";
import { poll } from "../src/support/poll.js";
import { freePort } from "../src/support/portal-server.js";
import { checkAcknowledgedWrites, type WriteCheck } from "./acknowledged-writes.js";
import { type Cluster, clusterUp } from "./cluster.js";
import { Mix, type PhaseCounts, preparePeople } from "./mix.js";
import { refresh } from "./tokens.js";
import { asCaller, instrumentFetch, Tally } from "./traffic.js";

// Three portal nodes behind HAProxy (scripts/cluster.sh), a steady mix of sign-ins, profile
// saves, reads and registrations with confirmation through the balancer, and one fault per
// case while the mix runs. Each case prints what it did and counted; the cases run in order
// on one cluster (each leaves it whole again).

const NODES = 3;
// Four people keep both cores of the machine busy with sign-ins (argon2id) and saves.
const PEOPLE = 4;
/** Operations every person finishes on the whole cluster after a fault, before it is judged. */
const OPERATIONS_AFTER = 3;

let cluster: Cluster;
let mix: Mix;

const nodeNumbers = Array.from({ length: NODES }, (_, i) => i + 1);

/** Waits until HAProxy's health check puts node `i` in `state` (UP or DOWN). */
const balancerSees = (i: number, state: "UP" | "DOWN") =>
  poll(
    `the balancer to see node${i} ${state}`,
    async () => ((await cluster.balancer())[i - 1]?.check === state ? true : undefined),
    60_000,
    200,
  );

/** Waits until every person has finished `n` more operations than now. */
const operationsGoOn = async (n = OPERATIONS_AFTER) => {
  const mark = mix.fewestOperations();
  await poll(
    `every person to finish ${n} more operations`,
    async () => (mix.fewestOperations() >= mark + n ? true : undefined),
    240_000,
    200,
  );
};

const allReady = async () => {
  await poll(
    "every node to be ready",
    async () => ((await cluster.status()).every((s) => s.ready) ? true : undefined),
    120_000,
    250,
  );
  for (const i of nodeNumbers) await balancerSees(i, "UP");
};

/** Ends the phase, checks the acknowledged writes and prints one report line per fault. */
const judge = async (
  fault: string,
  retriesBefore: number,
): Promise<{ phase: PhaseCounts; writes: WriteCheck }> => {
  const phase = mix.switchPhase();
  const writes = await checkAcknowledgedWrites(
    cluster.databaseUrl,
    mix.people,
    phase.registrations,
  );
  const retries = (await cluster.balancer()).reduce((n, b) => n + b.retries, 0) - retriesBefore;
  const t = phase.tally;
  console.log(
    [
      `cluster: ${fault}: sent ${t.sent} requests (${phase.operations} operations, ${phase.registrations.length} registrations), ` +
        `failed ${t.failed} requests (${phase.failedOperations} operations), ` +
        `acknowledged writes checked ${writes.checked}, lost ${writes.lost.length}, ` +
        `half-written ${writes.halfWritten}, stale reads ${phase.staleReads}, balancer retries ${retries}`,
      t.failed > 0 ? `  failed requests: ${t.describeFailures()}` : "",
      phase.errors.size > 0
        ? `  failed operations: ${[...phase.errors].map(([e, n]) => `${n}x ${e}`).join("; ")}`
        : "",
      writes.lost.length > 0 ? `  lost: ${writes.lost.join("; ")}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  expect(writes.lost).toEqual([]);
  expect(writes.halfWritten).toBe(0);
  expect(phase.staleReads).toBe(0);
  return { phase, writes };
};

const retriesSoFar = async () => (await cluster.balancer()).reduce((n, b) => n + b.retries, 0);

describe("a cluster of three nodes behind HAProxy under a steady mix", () => {
  beforeAll(async () => {
    instrumentFetch();
    cluster = await clusterUp(NODES, {
      dir: join(tmpdir(), `portal-cluster-test-${process.pid}`),
      port: await freePort(),
      // The cluster's own PostgreSQL and Redis, which the cases below stop and hang.
      env: {
        CLUSTER_DB_PORT: String(await freePort()),
        CLUSTER_REDIS_PORT: String(await freePort()),
      },
    });
    mix = new Mix(cluster.url, await preparePeople(cluster.url, PEOPLE));
    mix.start();
    await operationsGoOn();
    mix.switchPhase(); // the warm-up (JIT, pools, the first sign-ins) is not a fault's
  });

  afterAll(async () => {
    await mix?.stop();
    await cluster?.down();
  });

  it("restarts every node one after another with SIGTERM, and no request fails", async () => {
    const retries = await retriesSoFar();
    for (const i of nodeNumbers) {
      await cluster.verb("stop", String(i));
      await cluster.verb("start", String(i));
      await balancerSees(i, "UP");
    }
    await operationsGoOn();
    const { phase } = await judge("SIGTERM rolling restart of 3 nodes", retries);
    expect(phase.tally.failed).toBe(0);
    expect(phase.failedOperations).toBe(0);
    expect(phase.tally.sent).toBeGreaterThan(0);
  });

  it("kills one node with SIGKILL: only requests in flight on it may fail, the others go on", async () => {
    const retries = await retriesSoFar();
    await cluster.verb("kill", "2");
    await balancerSees(2, "DOWN");
    const failedWhenSeenDown = mix.switchPhase();
    // From here the balancer knows: signed-in people keep working on nodes 1 and 3.
    await operationsGoOn();
    await cluster.verb("start", "2");
    await balancerSees(2, "UP");
    await operationsGoOn();
    const { phase } = await judge("SIGKILL of node2 (then started again)", retries);
    const t = failedWhenSeenDown.tally;
    console.log(
      `cluster:   until the balancer saw node2 down: sent ${t.sent}, failed ${t.failed}${t.failed ? ` (${t.describeFailures()})` : ""}; ` +
        `${failedWhenSeenDown.registrations.filter((r) => r.registered).length} registrations acknowledged then`,
    );
    // At most one request per person is in flight at a time.
    expect(t.failed).toBeLessThanOrEqual(PEOPLE);
    expect([...t.failures.keys()].every((k) => !k.startsWith("500 "))).toBe(true);
    expect(phase.tally.failed).toBe(0);
  });

  it("cuts one node off the network and heals it", async () => {
    const retries = await retriesSoFar();
    await cluster.verb("cut", "3");
    await balancerSees(3, "DOWN");
    await operationsGoOn();
    await cluster.verb("heal", "3");
    await allReady();
    await operationsGoOn();
    const { phase } = await judge("cut node3 off the network, then heal", retries);
    // Requests in flight on node3 when its link went down end at the balancer's server
    // timeout (504); at most one per person.
    expect(phase.tally.failed).toBeLessThanOrEqual(PEOPLE);
    expect([...phase.tally.failures.keys()].every((k) => /^50[34] /.test(k))).toBe(true);
  });

  it("restarts PostgreSQL: the nodes report unready, recover by themselves, nothing half-written", async () => {
    const retries = await retriesSoFar();
    const pidsBefore = (await cluster.status()).map((s) => s.pid);
    await cluster.verb("db", "stop");
    try {
      await poll(
        "every node to report unready",
        async () => ((await cluster.status()).every((s) => !s.ready) ? true : undefined),
        30_000,
        100,
      );
    } finally {
      await cluster.verb("db", "start");
    }
    await allReady();
    await operationsGoOn();
    const { phase } = await judge("PostgreSQL stopped and started", retries);
    // The same processes: nobody restarted a node.
    expect((await cluster.status()).map((s) => s.pid)).toEqual(pidsBefore);
    // Refused while the database was away (by the nodes, or by the balancer once it saw
    // them all unready), never a 500: the provider's /auth and /token answer 503 too.
    expect([...phase.tally.failures.keys()].filter((k) => !k.startsWith("503 "))).toEqual([]);
  });

  it("kills the primary's database host: the standby takes over, writes are back within 30 s, nothing lost", async () => {
    const retries = await retriesSoFar();
    const before = await cluster.databaseHosts();
    const primary = before.find((h) => h.role === "primary")?.host;
    expect(primary, `one primary among ${JSON.stringify(before)}`).toBeDefined();
    expect(before.filter((h) => h.role === "standby").length).toBeGreaterThan(0);
    // The fault meets a healthy pair: a synchronous standby within Patroni's failover lag
    // (maximum_lag_on_failover, scripts/cluster.sh). Right after the PostgreSQL restart of the case before,
    // the standby may still be catching up, and Patroni rightly refuses to promote a standby
    // that lags: on a fast machine the mix writes enough for that to last past the timeout.
    await poll(
      "a synchronous standby caught up with the primary",
      async () => ((await cluster.databaseHosts()).some((h) => h.caughtUp) ? true : undefined),
      60_000,
      250,
    );
    // A session issued before the loss, on its own client address: its access token and its
    // refresh token must still work on the promoted standby.
    const witness = mix.people[0]!.account;
    const witnessCaller = { address: "198.18.9.1", tally: () => new Tally() };
    const issued = await asCaller(witnessCaller, () =>
      signInOverHttp(cluster.url, witness.email, witness.password),
    );
    mix.switchPhase();
    const killedAt = performance.now();
    await cluster.verb("db", "kill", String(primary));
    const promoted = await poll(
      "a standby to become primary by itself",
      async () =>
        (await cluster.databaseHosts()).find((h) => h.role === "primary" && h.host !== primary)
          ?.host,
      60_000,
      100,
    );
    const promotedAfterMs = performance.now() - killedAt;
    const back = await poll(
      "a write sent after the kill to be acknowledged",
      async () => mix.firstWriteSentAfter(killedAt),
      60_000,
      100,
    );
    const lastBefore = mix.lastWriteBefore(killedAt);
    await operationsGoOn();
    const during = mix.switchPhase();
    // The old host comes back, as a standby of the new primary (rewound if it had written
    // past the point where the standby took over), never as a second primary.
    await cluster.verb("db", "start", String(primary));
    const after = await cluster.databaseHosts();
    expect(after.find((h) => h.host === primary)?.role).toBe("standby");
    expect(after.filter((h) => h.role === "primary").map((h) => h.host)).toEqual([promoted]);
    await operationsGoOn();
    const { phase } = await judge(`SIGKILL of database host db${primary} (the primary)`, retries);
    const withoutWrites = back.acknowledgedAt - (lastBefore?.acknowledgedAt ?? killedAt);
    const t = during.tally;
    console.log(
      `cluster:   db${promoted} promoted ${(promotedAfterMs / 1000).toFixed(1)} s after the kill; ` +
        `the first write sent after the kill acknowledged ${((back.acknowledgedAt - killedAt) / 1000).toFixed(1)} s after it; ` +
        `time without writes (last acknowledged before, first after) ${(withoutWrites / 1000).toFixed(1)} s; ` +
        `until then and a round after: sent ${t.sent}, failed ${t.failed}${t.failed ? ` by status: ${t.describeStatuses()} (${t.describeFailures()})` : ""}`,
    );
    expect(back.acknowledgedAt - killedAt).toBeLessThan(30_000);
    expect([...t.failures.keys()].filter((k) => k.startsWith("500 "))).toEqual([]);
    expect(phase.tally.failed).toBe(0);
    // Issued before the loss, still good on the new primary.
    await asCaller(witnessCaller, async () => {
      const me = await fetch(cluster.url + apiPath(API_ROUTES.getMe), {
        headers: { authorization: `Bearer ${issued.accessToken}` },
      });
      expect(me.status).toBe(200);
      await me.body?.cancel();
      expect((await refresh(cluster.url, issued.refreshToken)).status).toBe(200);
    });
  });

  it("stops Redis: sign-in and code checks fail closed with 503, saves go on, never a 500", async () => {
    const retries = await retriesSoFar();
    // `redis stop` returns once the server is gone, `redis start` once it answers PING.
    await cluster.verb("redis", "stop");
    try {
      // A whole round of the mix: every person signs in or registers someone meanwhile.
      await operationsGoOn(5);
    } finally {
      await cluster.verb("redis", "start");
    }
    const during = mix.switchPhase();
    await operationsGoOn();
    const { phase } = await judge("Redis stopped, then started", retries);
    const t = during.tally;
    console.log(
      `cluster:   while Redis was down: sent ${t.sent}, failed ${t.failed}${t.failed ? ` (${t.describeFailures()})` : ""}, ` +
        `${during.operations - during.failedOperations} of ${during.operations} operations succeeded`,
    );
    const failures = [...t.failures.keys()];
    expect(failures.every((k) => k.startsWith("503 "))).toBe(true);
    // Fail closed: the rate-limited steps were refused, not let through uncounted.
    expect(failures.some((k) => /login-actions|persons\/register/.test(k))).toBe(true);
    expect(during.operations - during.failedOperations).toBeGreaterThan(0);
    expect(phase.tally.failed).toBe(0);
  });

  it("Redis hangs (SIGSTOP): limited steps are refused with 503 at the command deadline, not at the balancer's timeout", async () => {
    const retries = await retriesSoFar();
    // Its connections stay open and nothing answers: what a hung or overloaded Redis does.
    await cluster.verb("redis", "pause");
    try {
      await operationsGoOn(5);
    } finally {
      await cluster.verb("redis", "resume");
    }
    const during = mix.switchPhase();
    await operationsGoOn();
    const { phase } = await judge("Redis hung (SIGSTOP), then resumed", retries);
    const t = during.tally;
    console.log(
      `cluster:   while Redis hung: sent ${t.sent}, failed ${t.failed}${t.failed ? ` (${t.describeFailures()})` : ""}, ` +
        `${during.operations - during.failedOperations} of ${during.operations} operations succeeded`,
    );
    const failures = [...t.failures.keys()];
    // A 504 would be the balancer giving up on a node that waited for Redis (15 s).
    expect(failures.filter((k) => !k.startsWith("503 "))).toEqual([]);
    expect(failures.some((k) => /login-actions|persons\/register/.test(k))).toBe(true);
    expect(during.operations - during.failedOperations).toBeGreaterThan(0);
    expect(phase.tally.failed).toBe(0);
  });
});
