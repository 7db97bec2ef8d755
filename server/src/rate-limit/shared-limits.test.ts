import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RESEND_COOLDOWN_SECONDS } from "@portal/core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../index.js";
import { TEST_POSTGRES_URL } from "../test-support/databases.js";
import {
  startTestIssuer,
  TEST_SUPPORT_SECRET,
  type TestIssuer,
} from "../test-support/test-issuer.js";
import { testClock } from "../test-support/test-server.js";

// Two portal processes on ONE PostgreSQL database, as behind a load balancer.
describe("rate limits shared by two app instances on one PostgreSQL database", () => {
  const name = `portal_test_${randomBytes(6).toString("hex")}`;
  const dataDir = mkdtempSync(join(tmpdir(), "portal-shared-limits-"));
  let issuer: TestIssuer;
  let first: RunningServer;
  let second: RunningServer;
  // One clock for both processes: the test moves it past the resend cooldown.
  const clock = testClock();
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${name}`;
    issuer = await startTestIssuer();
    const config = {
      port: 0,
      host: "127.0.0.1",
      logLevel: "silent" as const,
      databaseUrl: url.toString(),
      dataDir,
      oidcIssuer: issuer.issuer,
      supportClientSecret: TEST_SUPPORT_SECRET,
      smtpUrl: undefined,
      companySeedCount: 0,
      redisUrl: undefined,
    };
    first = await startServer(config, { clock });
    second = await startServer(config, { clock });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await issuer?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("counts resend-opt-in calls for one address on both instances together (5 per hour)", async () => {
    const body = JSON.stringify({ email: `shared.${randomBytes(4).toString("hex")}@example.org` });
    const resend = (server: RunningServer) =>
      fetch(`${server.url}/api/user-management/persons/resend-opt-in-mail`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    const statuses: number[] = [];
    const ask = async (server: RunningServer) => {
      const res = await resend(server);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await res.json()).toEqual([{ errorCode: "TOO_MANY_REQUESTS" }]);
      } else await res.arrayBuffer();
    };
    // The 30-second cooldown is shared: the other process refuses the ask right after.
    await ask(first);
    await ask(second);
    // Past each cooldown, the hourly budget of 5 is shared too.
    for (let i = 0; i < 5; i++) {
      clock.set(new Date(clock.now().getTime() + (RESEND_COOLDOWN_SECONDS + 1) * 1000));
      await ask(i % 2 === 0 ? second : first);
    }
    expect(statuses).toEqual([202, 429, 202, 202, 202, 202, 429]);
  });

  it("counts suggestion calls of one client on both instances together", async () => {
    const results = await Promise.all(
      Array.from({ length: 310 }, (_, i) =>
        fetch(`${(i % 2 ? first : second).url}/api/gatinator/smart-signup/abc`).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(300);
    expect(results.filter((s) => s === 429)).toHaveLength(10);
  });
});
