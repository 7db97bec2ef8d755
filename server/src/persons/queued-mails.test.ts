import { count, eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { mailQueue, mailTokens, outboxMessages } from "../db/schema/index.js";
import { createMailQueueWorker, enqueueMail } from "../mail/mail-queue.js";
import {
  API,
  confirmedAccount,
  jsonRequest,
  mailsTo,
  registration,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { afterReplyWorkDone, settledAfterReply } from "./after-reply.js";

// Issue 14, timing after the reply: "a password-forgotten or resend request for an existing
// address makes the next request measurably slower (the mail is built and stored after the
// answer, on the same thread)". Proved by the mechanism, not by milliseconds: the request
// does one queue insert for any address, and nothing that depends on the address runs on
// its behalf, during or after the answer, until the server's worker takes the queue.

const HOUR_MS = 3_600_000;

describe.each(databases)("queued mails on $name", (target) => {
  // The worker's timer never fires during a test: the test drains the queue itself.
  const server = useTestServer(target, { mailQueuePollMs: HOUR_MS });

  /** What address-dependent work would leave behind: tokens, mails, queue rows. */
  const traces = async (t: TestServer) => {
    const db = t.server.database.db;
    const [tokens] = await db.select({ n: count() }).from(mailTokens);
    const [mails] = await db.select({ n: count() }).from(outboxMessages);
    const queued = await db
      .select({ kind: mailQueue.kind, email: mailQueue.email })
      .from(mailQueue)
      .orderBy(mailQueue.id);
    return { tokens: tokens?.n, mails: mails?.n, queued };
  };

  const unconfirmed = async (t: TestServer) => {
    const payload = registration({ email: uniqueEmail("Offen") });
    expect((await t.call(`${API}/persons/register`, jsonRequest(payload))).status).toBe(201);
    return payload.email;
  };

  it.each([
    ["password forgotten", "/persons/request-password-reset-mail", "password-reset", true],
    ["resend opt-in", "/persons/resend-opt-in-mail", "opt-in-resend", false],
  ] as const)(
    "%s: the same work for a known and an unknown address, nothing after the reply",
    async (_name, path, kind, confirmed) => {
      const t = server();
      await settledAfterReply();
      const known = confirmed ? (await confirmedAccount(t)).email : await unconfirmed(t);
      await settledAfterReply();
      for (const email of [known, uniqueEmail("niemand")]) {
        const before = await traces(t);
        expect(before.queued).toEqual([]);
        const res = await t.call(
          `${API}${path}`,
          jsonRequest({ email: ` ${email.toUpperCase()} ` }),
        );
        expect(res.status).toBe(202);
        // Whatever the call hung after its answer has run (the queued mail still waits).
        await afterReplyWorkDone();
        const after = await traces(t);
        expect(after).toEqual({
          tokens: before.tokens,
          mails: before.mails,
          queued: [{ kind, email: email.toLowerCase() }],
        });
        await settledAfterReply();
        expect((await traces(t)).queued).toEqual([]);
      }
      // The worker mailed the account only.
      const mails = await mailsTo(t, known);
      expect(
        mails[0]?.links.some((l) => l.includes(confirmed ? "passwordResetToken" : "optinId")),
      ).toBe(true);
    },
  );

  // Issue 29: "" and "a b" were taken with 202. A malformed address is refused by its format
  // alone (400 EMAIL_NOT_VALID, field email), before any limit or queue row: that tells
  // nothing about any account.
  it.each([
    ["password forgotten", "/persons/request-password-reset-mail"],
    ["resend opt-in", "/persons/resend-opt-in-mail"],
  ] as const)(
    "%s: a malformed address is 400 EMAIL_NOT_VALID, nothing queued",
    async (_n, path) => {
      const t = server();
      await settledAfterReply();
      for (const email of ["", "   ", "a b", "ohne-at.example.org", "a@b", "ä@example.org"]) {
        const res = await t.call(`${API}${path}`, jsonRequest({ email }));
        expect({ email, status: res.status }).toEqual({ email, status: 400 });
        expect(await res.json()).toEqual([{ errorCode: "EMAIL_NOT_VALID", field: "email" }]);
      }
      expect((await traces(t)).queued).toEqual([]);
    },
  );

  it("lets two workers (processes) share the queue, each row worked once", async () => {
    const t = server();
    const db = t.server.database.db;
    await settledAfterReply();
    const addresses = Array.from({ length: 45 }, (_, i) => `queue-${i}@example.test`);
    for (const email of addresses) await enqueueMail(db, "count", email);
    const worked: string[] = [];
    const busy = new Set<string>();
    let bothBusy!: () => void;
    const together = new Promise<void>((resolve) => {
      bothBusy = resolve;
    });
    const handlersOf = (worker: string) => ({
      count: async (email: string) => {
        busy.add(worker);
        if (busy.size === 2) bothBusy();
        // Each worker's first row waits for the other's: both hold claimed rows at once.
        await together;
        worked.push(email);
      },
    });
    const log = pino({ level: "silent" });
    const one = createMailQueueWorker({ db, log, handlers: handlersOf("one"), pollMs: HOUR_MS });
    const two = createMailQueueWorker({ db, log, handlers: handlersOf("two"), pollMs: HOUR_MS });
    await Promise.all([one.drain(), two.drain()]);
    expect([...worked].sort()).toEqual([...addresses].sort());
    expect(await db.select().from(mailQueue).where(eq(mailQueue.kind, "count"))).toEqual([]);
  });
});
