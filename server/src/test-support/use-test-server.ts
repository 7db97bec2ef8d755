import { afterAll, beforeAll } from "vitest";
import type { Config } from "../config.js";
import type { TestDatabase } from "./databases.js";
import { startTestServer, type TestServer, type TestServerOptions } from "./test-server.js";

/**
 * Starts one portal per `describe` block on `target` and stops it afterwards.
 *
 * @example
 * describe.each(databases)("on $name", (target) => {
 *   const server = useTestServer(target);
 *   it("...", async () => { await server().call("/healthz"); });
 * });
 */
export const useTestServer = (
  target: TestDatabase,
  overrides: Partial<Config> = {},
  options: TestServerOptions = {},
): (() => TestServer) => {
  let t: TestServer | undefined;
  beforeAll(async () => {
    t = await startTestServer(target, overrides, options);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  }, 60_000);
  return () => {
    if (!t) throw new Error("test server not started");
    return t;
  };
};
