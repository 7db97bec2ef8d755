import { RESEND_COOLDOWN_SECONDS } from "@portal/core";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailQueue } from "../db/schema/index.js";
import {
  API,
  bearer,
  confirmedAccount,
  jsonRequest,
  mailsTo,
  registration,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";

// Issue 46: "The resend cooldown holds only until a reload (four mails in ten seconds)".
// The server holds the wait too: of N asks at once, one mail; the others 429 with
// Retry-After, alike for an address with and without an account.

const N = 6;

/** The statuses of `call` fired N times at once, sorted, and the refusals' Retry-After. */
const atOnce = async (call: () => Promise<Response>) => {
  const answers = await Promise.all(Array.from({ length: N }, call));
  const waits = answers
    .filter((r) => r.status === 429)
    .map((r) => Number(r.headers.get("retry-after")));
  await Promise.all(answers.map((r) => r.arrayBuffer()));
  return { statuses: answers.map((r) => r.status).sort(), waits };
};

const expectOneThrough = (
  { statuses, waits }: Awaited<ReturnType<typeof atOnce>>,
  status: number,
) => {
  expect(statuses).toEqual([status, ...Array(N - 1).fill(429)].sort());
  // One second more where a later ask's upsert landed first (its window starts after now).
  for (const wait of waits) {
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS + 1);
  }
};

describe.each(databases)("the resend cooldown on $name", (target) => {
  // The worker's timer never fires during a test: the queue rows are what a resend leaves.
  const server = useTestServer(target, { mailQueuePollMs: 3_600_000 }, { realRateLimits: true });

  const queued = async (t: TestServer, email: string) => {
    const [row] = await t.server.database.db
      .select({ n: count() })
      .from(mailQueue)
      .where(eq(mailQueue.email, email.toLowerCase()));
    return row?.n;
  };
  const resendOptIn = (t: TestServer, email: string) => () =>
    t.call(`${API}/persons/resend-opt-in-mail`, jsonRequest({ email }));

  it("opt-in: one resend per address in the window, known or not; the next after it", async () => {
    const t = server();
    const payload = registration({ email: uniqueEmail("Offen") });
    expect((await t.call(`${API}/persons/register`, jsonRequest(payload))).status).toBe(201);
    const nobody = uniqueEmail("niemand");
    for (const email of [payload.email, nobody]) {
      expectOneThrough(await atOnce(resendOptIn(t, email)), 202);
      expect(await queued(t, email)).toBe(1);
    }
    t.clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
    expect((await resendOptIn(t, payload.email)()).status).toBe(202);
    expect(await queued(t, payload.email)).toBe(2);
  });

  it("e-mail change: one resend per person in the window", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const newEmail = uniqueEmail("neu");
    const changed = await t.call(
      `${API}/persons/me/change-mail-address`,
      jsonRequest({ newEmail }, { token: account.token }),
    );
    expect(changed.status).toBe(200);
    const resend = () =>
      t.call(`${API}/persons/me/resend-opt-in-mail`, bearer(account.token, "POST"));
    expectOneThrough(await atOnce(resend), 200);
    expect(await mailsTo(t, newEmail)).toHaveLength(2);
    t.clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
    expect((await resend()).status).toBe(200);
    expect(await mailsTo(t, newEmail)).toHaveLength(3);
  });

  it("deletion: one deletion mail per person in the window (the request and its resend are one call)", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const request = () =>
      t.call(`${API}/persons/me/request-deletion`, bearer(account.token, "POST"));
    expectOneThrough(await atOnce(request), 200);
    const deletionMails = async () =>
      (await mailsTo(t, account.email)).filter((m) =>
        m.links.some((l) => l.includes("/konto/loeschen/bestaetigen")),
      );
    expect(await deletionMails()).toHaveLength(1);
    t.clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
    expect((await request()).status).toBe(200);
    expect(await deletionMails()).toHaveLength(2);
  });
});
