import { afterAll, beforeAll } from "vitest";
import type { Config } from "../config.js";
import type { TestDatabase } from "./databases.js";
import { type Lease, leaseServer } from "./shared-servers.js";
import { startTestServer, type TestServer, type TestServerOptions } from "./test-server.js";

/**
 * The worker's shared portal on `target` when the block needs no settings of its own (its
 * database reset, its clock back at the real time, its ledgers empty), else a portal of its
 * own; either way for the `describe` block around it.
 */
const acquire = async (
  target: TestDatabase,
  overrides: Partial<Config>,
  options: TestServerOptions,
): Promise<{ server: TestServer; lease?: Lease<TestServer> }> => {
  if (Object.keys(overrides).length > 0 || options.onRoute || options.factors) {
    return { server: await startTestServer(target, overrides, options) };
  }
  const key = `test-server:${target.name}:${options.realRateLimits ? "limits" : "no-limits"}`;
  const lease = await leaseServer(key, () => startTestServer(target, {}, options));
  const server = lease.value;
  server.clock.set(new Date());
  server.sessions.calls.length = 0;
  server.errors.clear();
  return { server, lease };
};

/**
 * A portal for the `describe` block on `target`: the worker's shared one when the block
 * passes no config overrides, route observer or factor source, else one started for the block.
 *
 * @example
 * describe.each(embedded)("on $name", (target) => {
 *   const server = useTestServer(target);
 *   it("...", async () => { await server().call("/healthz"); });
 * });
 */
export const useTestServer = (
  target: TestDatabase,
  overrides: Partial<Config> = {},
  options: TestServerOptions = {},
): (() => TestServer) => {
  let t: { server: TestServer; lease?: Lease<TestServer> } | undefined;
  beforeAll(async () => {
    t = await acquire(target, overrides, options);
  });
  afterAll(async () => {
    if (!t) return;
    if (!t.lease) return t.server.close();
    t.lease.release();
    // As `close` does for a server of its own: fails when a route answered an undocumented code.
    t.server.errors.assertDocumented();
  });
  return () => {
    if (!t) throw new Error("test server not started");
    return t.server;
  };
};
