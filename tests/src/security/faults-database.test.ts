import { API_ROUTES, apiPath, CORRELATION_ID_HEADER } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  confirmedAccount,
  type TestAccount,
} from "../../../server/src/test-support/api-helpers.js";
import { databases, type ProvisionedDatabase } from "../../../server/src/test-support/databases.js";
import { startTcpProxy, type TcpProxy } from "../../../server/src/test-support/tcp-proxy.js";
import { startTestServer, type TestServer } from "../../../server/src/test-support/test-server.js";
import { createProgress } from "./support/progress.js";

// Issue 9, faults: "PostgreSQL unavailable during load: 503 with BACKEND_ERROR meanwhile,
// full service again without restarting the server". The machine's PostgreSQL keeps running
// (other suites use it): a TCP proxy between the server and it is cut and restored.

const WORKERS = 8;

let proxy: TcpProxy;
let provisioned: ProvisionedDatabase;
let t: TestServer;
let accounts: TestAccount[];

beforeAll(async () => {
  const postgres = databases.find((d) => d.name === "postgres");
  if (!postgres) throw new Error("no PostgreSQL test database");
  provisioned = await postgres.provision();
  const url = new URL(provisioned.databaseUrl ?? "");
  proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  url.host = `127.0.0.1:${proxy.port}`;
  t = await startTestServer(
    { name: "postgres", provision: async () => ({ ...provisioned, dispose: async () => {} }) },
    { databaseUrl: url.toString() },
  );
  accounts = await Promise.all(Array.from({ length: WORKERS }, () => confirmedAccount(t)));
});

afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await provisioned?.dispose();
});

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly correlationId: string | null;
}

const patch = async (a: TestAccount, position: string): Promise<Answer> => {
  const res = await t.call(apiPath(API_ROUTES.patchMe), {
    method: "PATCH",
    headers: { authorization: `Bearer ${a.token}`, "content-type": API_ROUTES.patchMe.contentType },
    body: JSON.stringify([{ op: "add", path: "/position", value: position }]),
  });
  return {
    status: res.status,
    body: await res.text(),
    correlationId: res.headers.get(CORRELATION_ID_HEADER),
  };
};

const positionOf = async (a: TestAccount): Promise<unknown> => {
  const res = await t.call(apiPath(API_ROUTES.getMe), {
    headers: { authorization: `Bearer ${a.token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { position: unknown }).position;
};

describe("PostgreSQL unreachable in the middle of load", () => {
  it("answers 503 BACKEND_ERROR meanwhile and serves fully again without a restart", async () => {
    type Phase = "before" | "outage" | "after";
    let phase = "before" as Phase;
    let running = true;
    const answers: Record<Phase, Answer[]> = { before: [], outage: [], after: [] };
    const acked = new Map<TestAccount, string>();
    const progress = createProgress();
    // Each worker edits its own person in a loop and remembers the last acknowledged value.
    const workers = accounts.map(async (a, w) => {
      for (let k = 0; running; k++) {
        const value = `Stelle ${w}-${k}`;
        const at = phase;
        const answer = await patch(a, value);
        answers[at === phase ? at : "outage"].push(answer);
        if (answer.status === 200) acked.set(a, value);
        progress.changed();
      }
    });
    // A worker that fails ends the wait with its error (none ends while `running`).
    const workerFailed = Promise.all(workers).then(() => new Promise<never>(() => {}));
    const count = (p: Phase, status: number) =>
      answers[p].filter((x) => x.status === status).length;
    /** Waits for the workers' answers to reach a mark, on their own reports: no polling. */
    const reached = (test: () => boolean) => Promise.race([progress.until(test), workerFailed]);

    await reached(() => count("before", 200) >= 20);
    await proxy.cut();
    phase = "outage";
    await reached(() => count("outage", 503) >= 20);
    const ready = await t.call("/readyz");
    expect(ready.status).toBe(503);
    await ready.arrayBuffer();

    await proxy.restore();
    phase = "after";
    // The pool replaces its dead connections by itself: no restart, no fixed sleep.
    await reached(() => count("after", 200) >= 30);
    running = false;
    await Promise.all(workers);

    expect(answers.before.every((x) => x.status === 200)).toBe(true);
    // During the outage: only 503 with the error list and a correlation id (or a write that
    // still got through right at the cut); never a 500, never a stack or SQL.
    for (const x of answers.outage) {
      expect([200, 503]).toContain(x.status);
      expect(x.correlationId).toBeTruthy();
      if (x.status === 503) {
        expect(JSON.parse(x.body)).toEqual([{ errorCode: "BACKEND_ERROR" }]);
        expect(x.body).not.toMatch(/select|insert|update|ECONN|stack/i);
      }
    }
    // Once back, a request may still meet a connection that died with the cut; then all is well.
    const afterFailures = answers.after.filter((x) => x.status !== 200);
    expect(afterFailures.every((x) => x.status === 503)).toBe(true);
    const tail = answers.after.slice(-WORKERS * 2);
    expect(tail.every((x) => x.status === 200)).toBe(true);
    expect((await t.call("/readyz")).status).toBe(200);
    // No acknowledged write lost.
    for (const a of accounts) expect(await positionOf(a)).toBe(acked.get(a));
  }, 120_000);
});
