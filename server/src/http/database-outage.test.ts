import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API } from "../test-support/api-helpers.js";
import type { TcpProxy } from "../test-support/tcp-proxy.js";
import type { TestServer } from "../test-support/test-server.js";
import {
  type ServerBehindProxy,
  startServerBehindProxy,
} from "../test-support/unreachable-postgres.js";

describe("PostgreSQL unreachable", () => {
  let behind: ServerBehindProxy;
  let t: TestServer;
  let proxy: TcpProxy;

  beforeAll(async () => {
    // The server reaches the database only through the proxy.
    behind = await startServerBehindProxy();
    ({ server: t, proxy } = behind);
  });

  afterAll(() => behind?.close());

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
