import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { promisify } from "node:util";

const run = promisify(execFile);

// The machine's own PostgreSQL and Redis, which every cluster node uses, stopped and started
// the way they run here. PostgreSQL is Debian's cluster (pg_ctlcluster; no systemd in this
// VM). Redis is no service of Debian's init here: the machine starts `redis-server
// --daemonize yes` with its settings as arguments, before any session, as root; the suite
// reads those settings from the running server and starts it the same way again.

/** The Debian PostgreSQL cluster's version (the one folder of /etc/postgresql). */
const postgresVersion = (): string => {
  const [version] = readdirSync("/etc/postgresql");
  if (!version) throw new Error("no PostgreSQL cluster in /etc/postgresql");
  return version;
};

/** `pg_ctlcluster <version> main <action>` (stop waits for the shutdown; start for accepting). */
export const postgres = async (action: "stop" | "start"): Promise<void> => {
  await run("pg_ctlcluster", ["--skip-systemctl-redirect", postgresVersion(), "main", action]);
};

/** The settings the running Redis was started with, as `redis-server` arguments. */
export type RedisArguments = readonly string[];

// What a restart must keep: where it listens, that it keeps nothing on disk (or what it keeps
// where), where it logs. The machine starts it with exactly these as arguments
// (`redis-server --daemonize yes --bind ... --save "" ...`), no config file.
const KEPT_SETTINGS = ["bind", "port", "save", "appendonly", "dir", "logfile"] as const;

const redisCli = (...args: string[]) =>
  run("redis-cli", ["-h", "127.0.0.1", "-p", "6379", ...args]).then((r) => r.stdout);

/** Stops the local Redis (SHUTDOWN NOSAVE: its counters are worth nothing) and says how to start it. */
export const stopRedis = async (): Promise<RedisArguments> => {
  const args = ["--daemonize", "yes"];
  for (const name of KEPT_SETTINGS) {
    const [, value = ""] = (await redisCli("config", "get", name)).split("\n");
    args.push(`--${name}`, ...(name === "bind" ? value.trim().split(/\s+/) : [value.trim()]));
  }
  // SHUTDOWN closes the connection without an answer: redis-cli's own exit code says nothing.
  await redisCli("shutdown", "nosave").catch(() => undefined);
  return args;
};

/** Starts Redis again with the settings {@link stopRedis} read (it daemonises itself). */
export const startRedis = async (args: RedisArguments): Promise<void> => {
  await run("redis-server", [...args]);
};

/** True when Redis answers PING. */
export const redisAnswers = async (): Promise<boolean> => {
  try {
    const { stdout } = await run("redis-cli", ["-h", "127.0.0.1", "-p", "6379", "ping"]);
    return stdout.trim() === "PONG";
  } catch {
    return false;
  }
};
