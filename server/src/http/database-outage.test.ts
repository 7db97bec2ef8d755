import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API } from "../test-support/api-helpers.js";
import { databases, type ProvisionedDatabase } from "../test-support/databases.js";
import { startTcpProxy, type TcpProxy } from "../test-support/tcp-proxy.js";
import { startTestServer, type TestServer } from "../test-support/test-server.js";

// PGlite lives inside the process and cannot become unreachable; PostgreSQL can.
describe("PostgreSQL unreachable", () => {
  let proxy: TcpProxy;
  let t: TestServer;
  let provisioned: ProvisionedDatabase;

  beforeAll(async () => {
    const postgres = databases.find((d) => d.name === "postgres")!;
    provisioned = await postgres.provision();
    const url = new URL(provisioned.databaseUrl ?? "");
    proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    url.host = `127.0.0.1:${proxy.port}`;
    // The server reaches the database only through the proxy.
    t = await startTestServer(
      { name: "postgres", provision: async () => ({ ...provisioned, dispose: async () => {} }) },
      { databaseUrl: url.toString() },
    );
  });

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await provisioned?.dispose();
  });

  const webTarget = () => t.call(`${API}/web-targets/MC`);

  it("answers 503 BACKEND_ERROR with a correlation id while the database is away, then recovers by itself", async () => {
    expect((await webTarget()).status).toBe(200);

    await proxy.cut();
    const down = await webTarget();
    expect(down.status).toBe(503);
    expect(down.headers.get("correlationid")).toBeTruthy();
    const body = await down.text();
    expect(JSON.parse(body)).toEqual([{ errorCode: "BACKEND_ERROR" }]);
    expect(body).not.toMatch(/select|ECONN|stack/i);

    await proxy.restore();
    // The pool replaces its dead connections on the next queries: poll, no fixed sleep.
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await webTarget()).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
  });
});
