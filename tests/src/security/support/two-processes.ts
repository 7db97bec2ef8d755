import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { runSql } from "../../support/postgres.js";
import { type RoundRobinProxy, startRoundRobinProxy } from "./round-robin-proxy.js";
import { type ServerProcess, startServerProcess } from "./server-process.js";

/** Two server processes on one PostgreSQL database, behind a round-robin proxy. */
export interface TwoProcesses {
  /** The PostgreSQL database both use (for checks with runSql). */
  readonly dbName: string;
  readonly proxy: RoundRobinProxy;
  readonly first: ServerProcess;
  readonly second: ServerProcess;
}

/**
 * Starts, for the calling test file, two server processes on a fresh PostgreSQL database
 * behind a round-robin proxy, and stops them after it. Both answer for the proxy's origin
 * (the issuer and every mailed link name it), as processes behind a balancer do. The
 * returned object is filled in `beforeAll`.
 *
 * @example
 * const two = useTwoProcesses("scale");
 * const moved = useTwoProcesses("clock", { TEST_CLOCK: "true" }); // clocks the test can move
 * it("...", async () => { await fetch(two.proxy.url); });
 */
export const useTwoProcesses = (
  label: string,
  env: Readonly<Record<string, string>> = {},
): TwoProcesses => {
  const dbName = `portal_sec_${label}_${randomBytes(5).toString("hex")}`;
  const dataDir = mkdtempSync(join(tmpdir(), `portal-sec-${label}-`));
  const started: { proxy?: RoundRobinProxy; first?: ServerProcess; second?: ServerProcess } = {};
  beforeAll(async () => {
    await runSql("postgres", `create database ${dbName}`);
    const proxy = await startRoundRobinProxy();
    started.proxy = proxy;
    const common = {
      dataDir,
      databaseUrl: `postgres://postgres@127.0.0.1:5432/${dbName}`,
      publicUrl: proxy.url,
      env,
    };
    // One after the other: the first migrates the database and creates the provider's keys.
    started.first = await startServerProcess(common);
    started.second = await startServerProcess(common);
    proxy.backends = [started.first.url, started.second.url];
  }, 240_000);
  afterAll(async () => {
    await Promise.all([started.first?.stop(), started.second?.stop()]);
    await started.proxy?.close();
    await runSql("postgres", `drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("two processes are not started yet (use in tests)");
    return value;
  };
  return {
    dbName,
    get proxy() {
      return need(started.proxy);
    },
    get first() {
      return need(started.first);
    },
    get second() {
      return need(started.second);
    },
  };
};
