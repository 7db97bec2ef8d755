import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createKeycloakAdmin } from "../../../server/src/provider/keycloak/admin-client.js";
import { PERSON_ID_ATTRIBUTE } from "../../../server/src/provider/keycloak/session-revoker.js";
import { argon2Credential } from "../../../server/src/provider/keycloak/user-representation.js";
import { hashPassword } from "../../../server/src/security/password-hash.js";
import { BACKGROUND_SQL } from "../../../server/src/test-support/statement-counter.js";
import { asCaller, clientAddress, instrumentFetch, Tally } from "../../cluster/traffic.js";
import { claimsFromLoginPage } from "../keycloak/login-form.js";
import {
  freshAccount,
  type NewAccount,
  registerConfirmedAccount,
} from "../support/accounts-api.js";
import { signInOverHttp } from "../support/oidc-sign-in.js";
import { Outbox } from "../support/outbox.js";
import { startPortal } from "../support/portal-server.js";
import { runSql } from "../support/postgres.js";
import { type KeycloakInstance, keycloakForBench } from "./keycloak-instance.js";
import { cpuSecondsOf, processGroup, rssMb } from "./memory.js";
import { startPgWireMeter } from "./pg-wire-meter.js";
import { backendCpu, backendCpuSince } from "./postgres-cpu.js";
import { median, percentile } from "./stats.js";

// Issue 48: the same full password sign-in without a browser (authorize, the login form,
// the code at the redirect URI, the token endpoint with PKCE S256) against the portal's
// embedded provider and against a real Keycloak 26.7.3, both on the machine's PostgreSQL,
// both hashing with argon2id m=19456 KiB, t=2, p=1 (scripts/keycloak.sh sets Keycloak's
// argon2 provider to the portal's parameters; its users carry the portal's own hash, as the
// user sync provisions them), at the same concurrency steps, in one run.

export interface SignInStep {
  readonly system: "portal" | "keycloak";
  readonly concurrency: number;
  readonly signIns: number;
  readonly failed: number;
  readonly signInsPerSecond: number;
  /** CPU seconds of the system's processes per second of the run. */
  readonly busyCores: number;
  readonly signInsPerBusyCore: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** The system's own CPU per sign-in (its processes, not PostgreSQL's). */
  readonly cpuMsPerSignIn: number;
  /** One argon2id hash (a sign-in verifies one password) in the system's own library, with as
   * many hashes at once as sign-ins in flight in this step. */
  readonly hashMs: number;
  /** Everything but hashing, as a share of the sign-in's CPU. */
  readonly otherShare: number;
  /** Statements on the wire (Sync or Query), undefined when not metered. */
  readonly statementsPerSignIn: number | undefined;
  /** CPU of the system's PostgreSQL backends per sign-in. */
  readonly databaseCpuMsPerSignIn: number;
  /** Peak resident memory of the system's processes during the step. */
  readonly rssMb: number;
}

export interface SignInSideBySide {
  readonly steps: SignInStep[];
  readonly loadBefore: string;
  readonly loadAfter: string;
  readonly keycloakStarted: boolean;
}

export interface SideBySideSettings {
  readonly durationS: number;
  readonly concurrency: readonly number[];
  /** False: the portal alone (`--systems=portal`), to iterate on its CPU without Keycloak. */
  readonly keycloak: boolean;
}

/** What one system offers the driver. */
interface System {
  readonly name: SignInStep["system"];
  readonly pids: () => number[];
  readonly database: string;
  /** One hash's CPU milliseconds by sign-ins in flight (see portalHashMs). */
  readonly hashMs: ReadonlyMap<number, number>;
  readonly metered: boolean;
  /** One full sign-in of person `i`; false when refused. */
  signIn(i: number): Promise<boolean>;
}

/** The portal's server or Keycloak's meter lets these statements of their own clock pass uncounted. */

// Keycloak takes the imported hash as it is (no password policy on import).
const PASSWORD = "Kq7!Wiesenweg-2026";

/** Hashes of each worker in one round of the hashing measurement. */
const HASHES_PER_WORKER = 4;

/**
 * CPU milliseconds of one argon2id hash here (@node-rs/argon2 on Node's thread pool, as in the
 * portal's server) with `inFlight` hashes at once, as that many sign-ins in flight make the
 * server do: hashes side by side share the cores' caches and memory bandwidth, so one costs
 * more CPU than alone (5.7 ms alone, 8.6 ms four at once on this machine, 2026-11-29). Beyond
 * the pool's four threads the rest wait, as in the server. The median of `rounds` rounds:
 * one round's figure moves by a third from one to the next.
 */
const portalHashMs = async (inFlight: number, rounds = 7): Promise<number> => {
  await hashPassword("warm-up");
  const perRound: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const before = process.cpuUsage();
    await Promise.all(
      Array.from({ length: inFlight }, async (_, w) => {
        for (let i = 0; i < HASHES_PER_WORKER; i++)
          await hashPassword(`Kq7!hash-timing-${round}-${w}-${i}`);
      }),
    );
    const used = process.cpuUsage(before);
    perRound.push((used.user + used.system) / 1000 / (inFlight * HASHES_PER_WORKER));
  }
  return median(perRound);
};

/** `measure(c)` for each concurrency of the run, one after the other. */
const perConcurrency = async (
  concurrency: readonly number[],
  measure: (c: number) => number | Promise<number>,
): Promise<ReadonlyMap<number, number>> => {
  const out = new Map<number, number>();
  for (const c of concurrency) out.set(c, await measure(c));
  return out;
};

/**
 * Keycloak's libraries as scripts/keycloak.sh unpacked them: its version is the script's
 * (KEYCLOAK_VERSION, or the default written there once).
 */
const keycloakLibs = (): string => {
  const script = readFileSync(new URL("../../../scripts/keycloak.sh", import.meta.url), "utf8");
  const version =
    process.env.KEYCLOAK_VERSION ?? /VERSION=\$\{KEYCLOAK_VERSION:-([^}]+)\}/.exec(script)?.[1];
  if (!version) throw new Error("no Keycloak version in scripts/keycloak.sh");
  const cache = process.env.PORTAL_KEYCLOAK_CACHE ?? `${process.env.HOME}/.cache/portal-keycloak`;
  return `${cache}/${version}/keycloak-${version}/lib/lib/main`;
};

/**
 * The same hash in Keycloak's library (Bouncy Castle in a JVM: KeycloakArgon2.java), once
 * the bench's Keycloak is there (its distribution downloaded).
 */
const keycloakHashMs = (inFlight: number): number => {
  const libs = keycloakLibs();
  const jar = readdirSync(libs).find((f) => f.startsWith("org.bouncycastle.bcprov-"));
  if (!jar) throw new Error(`no Bouncy Castle in ${libs}`);
  const java =
    readdirSync("/usr/lib/jvm")
      .filter((d) => /-25-|-21-/.test(d))
      .map((d) => `/usr/lib/jvm/${d}/bin/java`)[0] ?? "java";
  const source = fileURLToPath(new URL("./KeycloakArgon2.java", import.meta.url));
  return Number(
    execFileSync(java, ["-cp", `${libs}/${jar}`, source, "4", String(inFlight)], {
      encoding: "utf8",
    }),
  );
};

const uptime = () => execFileSync("uptime", { encoding: "utf8" }).trim();

/** Runs `system` at each concurrency for `durationS`, after a warm-up round. */
const measure = async (
  system: System,
  s: SideBySideSettings,
  meter: { totals(): { statements: number } } | undefined,
) => {
  const steps: SignInStep[] = [];
  // Warm-up: the JIT (V8's, the JVM's), pools and caches, a third of a step at the most
  // people, before the first step.
  const most = Array.from({ length: Math.max(...s.concurrency) }, (_, i) => i);
  const warmUntil = performance.now() + (s.durationS * 1000) / 3;
  await Promise.all(
    most.map(async (i) => {
      do await system.signIn(i);
      while (performance.now() < warmUntil);
    }),
  );
  for (const concurrency of s.concurrency) {
    const workers = Array.from({ length: concurrency }, (_, i) => i);
    const timings: number[] = [];
    let failed = 0;
    let peakRss = 0;
    const sample = () => {
      const rss = system
        .pids()
        .reduce((sum, pid) => sum + (Number.isNaN(rssMb(pid)) ? 0 : rssMb(pid)), 0);
      peakRss = Math.max(peakRss, rss);
    };
    const sampler = setInterval(sample, 200);
    const pids = system.pids();
    const cpuBefore = cpuSecondsOf(pids);
    const dbBefore = await backendCpu(system.database);
    const statementsBefore = meter?.totals().statements ?? 0;
    const start = performance.now();
    const until = start + s.durationS * 1000;
    await Promise.all(
      workers.map(async (i) => {
        while (performance.now() < until) {
          const t = performance.now();
          const ok = await system.signIn(i).catch(() => false);
          if (ok) timings.push(performance.now() - t);
          else failed++;
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const statements = (meter?.totals().statements ?? 0) - statementsBefore;
    const cpu = cpuSecondsOf(pids) - cpuBefore;
    const databaseCpu = backendCpuSince(dbBefore, await backendCpu(system.database));
    clearInterval(sampler);
    sample();
    const n = timings.length;
    const cpuMsPerSignIn = (cpu * 1000) / n;
    const hashMs = system.hashMs.get(concurrency) ?? Number.NaN;
    steps.push({
      system: system.name,
      concurrency,
      signIns: n,
      failed,
      signInsPerSecond: n / seconds,
      busyCores: cpu / seconds,
      signInsPerBusyCore: n / seconds / (cpu / seconds),
      p50Ms: median(timings),
      p99Ms: percentile(timings, 99),
      cpuMsPerSignIn,
      hashMs,
      otherShare: (cpuMsPerSignIn - hashMs) / cpuMsPerSignIn,
      statementsPerSignIn: system.metered ? statements / n : undefined,
      databaseCpuMsPerSignIn: (databaseCpu * 1000) / n,
      rssMb: peakRss,
    });
  }
  return steps;
};

/** The portal on its own PostgreSQL database, behind the statement meter, with its people. */
const portalSystem = async (
  people: number,
  meterPort: number,
  hashMs: ReadonlyMap<number, number>,
) => {
  const database = `portal_bench_signin_${randomBytes(4).toString("hex")}`;
  await runSql("postgres", `create database ${database}`);
  const portal = await startPortal({
    companySeedCount: 1_000,
    env: {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${meterPort}/${database}`,
      // Each bench person is its own client (X-Forwarded-For), as in the cluster bench:
      // the per-client form limit (60 posts a minute) would otherwise refuse the run.
      TRUST_PROXY: "1",
    },
  });
  const stop = async () => {
    await portal.stop();
    await runSql("postgres", `drop database if exists ${database} with (force)`);
  };
  const outbox = new Outbox(portal.url);
  const tally = new Tally();
  const accounts: NewAccount[] = [];
  // Every sign-in from a client address of its own (X-Forwarded-For), as from many people:
  // one address may post the sign-in forms 60 times a minute, which a worker passes in 20 s.
  let signIns = 0;
  const nextAddress = () => clientAddress("198.18", ++signIns);
  try {
    for (let i = 0; i < people; i++) {
      const account = freshAccount(`signin${i}`);
      // From 127.0.0.1 itself: the outbox answers loopback callers only.
      await registerConfirmedAccount(portal.url, outbox, account);
      accounts.push(account);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const system: System = {
    name: "portal",
    pids: () => [portal.pid],
    database,
    hashMs,
    metered: true,
    signIn: async (i) => {
      const account = accounts[i]!;
      await asCaller({ address: nextAddress(), tally: () => tally }, () =>
        signInOverHttp(portal.url, account.email, account.password),
      );
      return true;
    },
  };
  return { system, stop };
};

/** Keycloak's users for the bench: the portal's argon2id hash as their credential. */
const keycloakSystem = async (
  kc: KeycloakInstance,
  people: number,
  hashMs: ReadonlyMap<number, number>,
) => {
  const admin = createKeycloakAdmin({
    issuer: kc.issuer,
    clientId: "portal-support",
    clientSecret: kc.supportSecret,
  });
  const stored = await hashPassword(PASSWORD);
  const users: string[] = [];
  for (let i = 0; i < people; i++) {
    const email = `bench-signin-kc${i}-${randomBytes(4).toString("hex")}@example.org`;
    await admin.write("POST", "/users", {
      username: email,
      email,
      emailVerified: true,
      firstName: "Erika",
      lastName: "Bench",
      enabled: true,
      attributes: { [PERSON_ID_ATTRIBUTE]: [randomUUID()] },
      credentials: [argon2Credential(stored)],
    });
    users.push(email);
  }
  const redirectUri = `${kc.publicUrl}/benutzerverwaltung/`;
  const system: System = {
    name: "keycloak",
    pids: () => processGroup(kc.pid),
    database: kc.database,
    hashMs,
    metered: kc.started,
    signIn: async (i) =>
      (await claimsFromLoginPage({
        issuer: kc.issuer,
        redirectUri,
        username: users[i]!,
        password: PASSWORD,
      })) !== undefined,
  };
  return system;
};

/**
 * Both systems, one after the other, at each concurrency of `s`: the portal first, then
 * Keycloak (started here when none runs, its JDBC through the statement meter; stopped
 * again at the end).
 */
export const measureSignInSideBySide = async (s: SideBySideSettings): Promise<SignInSideBySide> => {
  instrumentFetch();
  const loadBefore = uptime();
  const people = Math.max(...s.concurrency);
  const portalHash = await perConcurrency(s.concurrency, (c) => portalHashMs(c));
  const meter = await startPgWireMeter("127.0.0.1", 5432, { ignore: BACKGROUND_SQL });
  const steps: SignInStep[] = [];
  try {
    const portal = await portalSystem(people, meter.port, portalHash);
    try {
      steps.push(...(await measure(portal.system, s, meter)));
    } finally {
      await portal.stop();
    }
    if (!s.keycloak) return { steps, loadBefore, loadAfter: uptime(), keycloakStarted: false };
    const kc = await keycloakForBench(meter.port);
    try {
      const keycloak = await keycloakSystem(
        kc,
        people,
        await perConcurrency(s.concurrency, keycloakHashMs),
      );
      steps.push(...(await measure(keycloak, s, kc.started ? meter : undefined)));
    } finally {
      await kc.stop();
    }
    return { steps, loadBefore, loadAfter: uptime(), keycloakStarted: kc.started };
  } finally {
    await meter.close();
  }
};
