import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_POOL_SIZE } from "../db/client.js";
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
    // The pool drops a dead connection when a query fails on it and opens a new one: at
    // worst every pooled connection fails one request, then the next one is answered.
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= POSTGRES_POOL_SIZE; attempt++) {
      statuses.push((await webTarget()).status);
      if (statuses.at(-1) === 200) break;
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.slice(0, -1).every((status) => status === 503)).toBe(true);
  });
});
