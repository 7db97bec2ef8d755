import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { mailLog } from "../db/schema/index.js";
import { type RunningServer, startServer } from "../index.js";
import { settledAfterReply } from "../persons/after-reply.js";
import { API, jsonRequest, registration } from "../test-support/api-helpers.js";
import { databases, type ProvisionedDatabase } from "../test-support/databases.js";
import {
  assertTestClockLocal,
  TEST_CLOCK_PATH,
  type TestClockAnswer,
} from "./test-clock-routes.js";

// The end-to-end suite runs the server as a separate process and moves its time over HTTP
// (TEST_CLOCK): only with NODE_ENV=test, only for a PUBLIC_URL on this machine, only to
// peers on this machine.

describe("TEST_CLOCK is refused outside tests", () => {
  it.each([undefined, "production", "development"])("NODE_ENV=%s: one line naming it", (env) => {
    expect(() => loadConfig({ TEST_CLOCK: "true", ...(env ? { NODE_ENV: env } : {}) })).toThrow(
      new ConfigError(
        'Invalid TEST_CLOCK="true": only with NODE_ENV=test (it lets this machine move the server\'s time)',
      ),
    );
  });

  it("is off by default and on with NODE_ENV=test", () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: "true", NODE_ENV: "test" }).testClock).toBe(true);
  });

  it("refuses a PUBLIC_URL that is not this machine", () => {
    expect(() =>
      assertTestClockLocal({ testClock: true, publicUrl: "https://portal.example.org" }),
    ).toThrow(ConfigError);
    expect(() =>
      assertTestClockLocal({ testClock: true, publicUrl: "http://127.0.0.1:8080" }),
    ).not.toThrow();
    expect(() =>
      assertTestClockLocal({ testClock: false, publicUrl: "https://portal.example.org" }),
    ).not.toThrow();
  });
});

describe("a TEST_CLOCK server", () => {
  const provisioned: ProvisionedDatabase[] = [];
  let server: RunningServer;
  let plain: RunningServer;
  // Each server on its own embedded database (one PGlite folder has one process).
  const start = async (testClock: boolean) => {
    const database = await databases[0]!.provision();
    provisioned.push(database);
    return startServer({
      port: 0,
      host: "127.0.0.1",
      logLevel: "silent",
      databaseUrl: database.databaseUrl,
      dataDir: database.dataDir,
      smtpUrl: undefined,
      companySeedCount: 0,
      testClock,
    });
  };
  beforeAll(async () => {
    server = await start(true);
    plain = await start(false);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await plain?.close();
    for (const database of provisioned) await database.dispose();
  });

  const clock = (init?: RequestInit) => fetch(`${server.url}${TEST_CLOCK_PATH}`, init);
  const move = (body: unknown) => clock(jsonRequest(body));

  it("shows its time and moves it; what the portal dates follows", async () => {
    const before = (await (await clock()).json()) as TestClockAnswer;
    expect(Math.abs(before.nowMs - Date.now())).toBeLessThan(60_000);
    const moved = await move({ advanceMs: 3_600_000 });
    expect(moved.status).toBe(200);
    const after = (await moved.json()) as TestClockAnswer;
    expect(after.nowMs - before.nowMs).toBeGreaterThanOrEqual(3_600_000);
    expect(new Date(after.now).getTime()).toBe(after.nowMs);

    // A mail sent now is logged at the moved time (the mail log dates by the server's clock).
    const payload = registration();
    const res = await fetch(`${server.url}${API}/persons/register`, jsonRequest(payload));
    expect(res.status).toBe(201);
    await settledAfterReply();
    const [mail] = await server.database.db
      .select({ sentAt: mailLog.sentAt })
      .from(mailLog)
      .where(eq(mailLog.to, payload.email.toLowerCase()));
    expect(mail?.sentAt.getTime()).toBeGreaterThanOrEqual(after.nowMs);

    const set = await move({ set: "2030-01-01T00:00:00Z" });
    expect(((await set.json()) as TestClockAnswer).now.slice(0, 13)).toBe("2030-01-01T00");
    await move({ set: new Date().toISOString() });
  });

  it.each([
    [{}, 'expected {"advanceMs": n} or {"set": "ISO date"}'],
    [
      { advanceMs: "30000" },
      "advanceMs: expected whole milliseconds, at most 31622400000 either way",
    ],
    [{ advanceMs: 1.5 }, "advanceMs: expected whole milliseconds, at most 31622400000 either way"],
    [
      { advanceMs: 10 ** 12 },
      "advanceMs: expected whole milliseconds, at most 31622400000 either way",
    ],
    [{ set: "tomorrow" }, "set: expected an ISO 8601 date"],
  ])("refuses %j with a specific message", async (body, message) => {
    const res = await move(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: 400, error: message });
  });

  it("does not exist without TEST_CLOCK", async () => {
    expect((await fetch(`${plain.url}${TEST_CLOCK_PATH}`)).status).toBe(404);
    const res = await fetch(`${plain.url}${TEST_CLOCK_PATH}`, jsonRequest({ advanceMs: 1 }));
    expect(res.status).toBe(404);
  });
});
