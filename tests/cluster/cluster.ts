import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const script = fileURLToPath(new URL("../../scripts/cluster.sh", import.meta.url));

/** One line of `cluster.sh status`. */
export interface NodeStatus {
  readonly node: number;
  readonly pid: number | undefined;
  readonly addr: string;
  readonly ready: boolean;
}

/** One line of `cluster.sh balancer`: HAProxy's view of a node. */
export interface BalancerView {
  readonly node: number;
  /** HAProxy's check state: UP, DOWN, or a transition such as `UP_1/2`. */
  readonly check: string;
  readonly retries: number;
  readonly redispatches: number;
}

/** One line of `cluster.sh db status`: a database host (issue 50). */
export interface DatabaseHostStatus {
  readonly host: number;
  /** `primary`, `standby`, `down`, or Patroni's state while it is neither (`starting`, ...). */
  readonly role: string;
  /** The postmaster's pid. */
  readonly pid: number | undefined;
  /** A standby Patroni could promote now: its synchronous one, within the failover lag. */
  readonly caughtUp: boolean;
}

export interface ClusterOptions {
  /** State folder (CLUSTER_DIR). */
  readonly dir: string;
  /** The balancer's port on 127.0.0.1 (CLUSTER_PORT). */
  readonly port: number;
  /** Environment for the script, e.g. CLUSTER_SEED. */
  readonly env?: Readonly<Record<string, string>>;
}

/** A cluster of `scripts/cluster.sh`, driven through its verbs as a person would. */
export interface Cluster {
  /** The balancer's origin (the script's `PORTAL_URL=` line). */
  readonly url: string;
  readonly nodes: number;
  /** The cluster's own PostgreSQL instance's database, reached from this machine's loopback. */
  readonly databaseUrl: string;
  verb(...args: string[]): Promise<string>;
  status(): Promise<NodeStatus[]>;
  balancer(): Promise<BalancerView[]>;
  /** The database hosts and their roles (`cluster.sh db status`). */
  databaseHosts(): Promise<DatabaseHostStatus[]>;
  /** The state folder (CLUSTER_DIR): the WAL archive is its `wal/`. */
  readonly dir: string;
  down(): Promise<void>;
}

const field = (line: string, name: string): string =>
  new RegExp(`\\b${name}=(\\S+)`).exec(line)?.[1] ?? "";

/** Starts `nodes` nodes with `cluster.sh up` and returns its driver (call `down` after). */
export const clusterUp = async (nodes: number, options: ClusterOptions): Promise<Cluster> => {
  const env = {
    ...process.env,
    ...options.env,
    CLUSTER_DIR: options.dir,
    CLUSTER_PORT: String(options.port),
  };
  const verb = async (...args: string[]): Promise<string> => {
    try {
      const { stdout } = await run("bash", [script, ...args], { env, maxBuffer: 1 << 20 });
      return stdout;
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(`cluster.sh ${args.join(" ")} failed: ${e.stderr || e.message}${e.stdout}`);
    }
  };
  let out: string;
  try {
    out = await verb("up", String(nodes));
  } catch (error) {
    await verb("down").catch(() => undefined);
    throw error;
  }
  const lines = out.trim().split("\n");
  const last = lines.at(-1) ?? "";
  if (!last.startsWith("PORTAL_URL=")) throw new Error(`up did not end with PORTAL_URL=:\n${out}`);
  // The cluster's own PostgreSQL instance (cluster.sh: one database named portal).
  const dbPort = /^DB_PORT=(\d+)$/m.exec(readFileSync(`${options.dir}/env`, "utf8"))?.[1];
  return {
    url: last.slice("PORTAL_URL=".length),
    nodes,
    databaseUrl: `postgres://postgres@127.0.0.1:${dbPort}/portal`,
    verb,
    status: async () =>
      (await verb("status"))
        .trim()
        .split("\n")
        .map((line) => ({
          node: Number(/^node(\d+)/.exec(line)?.[1]),
          pid: field(line, "pid") === "none" ? undefined : Number(field(line, "pid")),
          addr: field(line, "addr"),
          ready: field(line, "ready") === "yes",
        })),
    balancer: async () =>
      (await verb("balancer"))
        .trim()
        .split("\n")
        .map((line) => ({
          node: Number(/^node(\d+)/.exec(line)?.[1]),
          check: field(line, "check"),
          retries: Number(field(line, "retries")),
          redispatches: Number(field(line, "redispatches")),
        })),
    databaseHosts: async () =>
      (await verb("db", "status"))
        .trim()
        .split("\n")
        .map((line) => ({
          host: Number(/^db(\d+)/.exec(line)?.[1]),
          role: field(line, "role"),
          pid: field(line, "pid") === "none" ? undefined : Number(field(line, "pid")),
          caughtUp: field(line, "caught_up") === "yes",
        })),
    dir: options.dir,
    down: async () => {
      await verb("down");
    },
  };
};
