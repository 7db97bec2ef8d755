import type { Config } from "../config.js";
import { databases } from "./databases.js";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.js";
import { startTestServer, type TestServer } from "./test-server.js";

/** A test server whose PostgreSQL sits behind a proxy the test can cut and restore. */
export interface ServerBehindProxy {
  readonly server: TestServer;
  readonly proxy: TcpProxy;
  close(): Promise<void>;
}

/**
 * Starts a test server on a fresh PostgreSQL database that it reaches only through a TCP
 * proxy, so a test can take the database away (`proxy.cut()`) and bring it back. PGlite
 * lives inside the process and cannot become unreachable, hence PostgreSQL only.
 */
export const startServerBehindProxy = async (
  overrides: Partial<Config> = {},
): Promise<ServerBehindProxy> => {
  const postgres = databases.find((d) => d.name === "postgres");
  if (!postgres) throw new Error("no PostgreSQL test database configured");
  const provisioned = await postgres.provision();
  const url = new URL(provisioned.databaseUrl ?? "");
  const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  url.host = `127.0.0.1:${proxy.port}`;
  const server = await startTestServer(
    // The provisioned database is disposed here, after the proxy, not by the test server.
    { name: "postgres", provision: async () => ({ ...provisioned, dispose: async () => {} }) },
    { ...overrides, databaseUrl: url.toString() },
  );
  return {
    server,
    proxy,
    close: async () => {
      await server.close();
      await proxy.close();
      await provisioned.dispose();
    },
  };
};
