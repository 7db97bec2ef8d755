import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter } from "../rate-limit/rate-limiter.js";
import {
  API,
  confirmedAccount,
  jsonRequest,
  registration,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { embedded, openTestDatabase } from "../test-support/databases.js";
import { type TestServer, testClock } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { ABUSE_LIMITS, enforceLimits } from "./abuse-limits.js";

const expectTooMany = async (res: Response) => {
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual([{ errorCode: "TOO_MANY_REQUESTS" }]);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.headers.get("correlationid")).toBeTruthy();
};

/** Calls `call` as often as the budget allows, then once more, which must be refused. */
const exhaust = async (limit: number, call: (i: number) => Promise<Response>) => {
  for (let i = 0; i < limit; i++) expect((await call(i)).status).not.toBe(429);
  await expectTooMany(await call(limit));
};

// Budgets are per action, so each case below spends its own action's counters.
describe.each(embedded)("rate limits (429 TOO_MANY_REQUESTS) on $name", (target) => {
  const server = useTestServer(target, {}, { realRateLimits: true });
  const post = (t: TestServer, path: string, body: unknown, token?: string) =>
    t.call(`${API}${path}`, jsonRequest(body, token ? { token } : {}));

  it("limits registrations per target e-mail", async () => {
    const t = server();
    const payload = registration();
    await exhaust(ABUSE_LIMITS.register.perEmail.limit, () =>
      post(t, "/persons/register", payload),
    );
  });

  it("limits password-reset mails per target e-mail", async () => {
    const t = server();
    const email = uniqueEmail();
    await exhaust(ABUSE_LIMITS["password-reset"].perEmail.limit, () =>
      post(t, "/persons/request-password-reset-mail", { email }),
    );
  });

  it("limits e-mail-change mails per new address", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const newEmail = uniqueEmail();
    await exhaust(ABUSE_LIMITS["change-mail"].perEmail.limit, () =>
      post(t, "/persons/me/change-mail-address", { newEmail }, account.token),
    );
  });

  it("limits opt-in resends per client address, whatever the e-mail", async () => {
    const t = server();
    await exhaust(ABUSE_LIMITS.resend.perClient.limit, () =>
      post(t, "/persons/resend-opt-in-mail", { email: uniqueEmail() }),
    );
  });

  it("limits reset-link checks per client address, whatever the token", async () => {
    const t = server();
    await exhaust(ABUSE_LIMITS["password-reset-check"].perClient.limit, (i) =>
      post(t, "/persons/check-password-reset-token", { passwordResetToken: `unknown-${i}` }),
    );
  });

  // The reset itself answers "is this link valid?" too (INVALID_OPT_IN or not): the same
  // budget as the check, shared with it, so asking through either call counts.
  it("limits password resets per client address together with the reset-link checks", async () => {
    const t = server();
    // A new window: the check's test above spent this client's budget of the last one.
    t.clock.advance(ABUSE_LIMITS["password-reset-check"].perClient.windowSeconds * 1000 + 1000);
    await exhaust(ABUSE_LIMITS["password-reset-check"].perClient.limit, (i) =>
      post(t, "/persons/reset-password", {
        passwordResetToken: `guess-reset-${i}`,
        newPassword: "Sommer2024!xQ",
      }),
    );
    await expectTooMany(
      await post(t, "/persons/check-password-reset-token", { passwordResetToken: "guess-check" }),
    );
  });

  it("limits deletion-link checks per client address, whatever the token", async () => {
    const t = server();
    await exhaust(ABUSE_LIMITS["deletion-check"].perClient.limit, (i) =>
      post(t, "/persons/check-deletion-token", { optOutToken: `unknown-${i}` }),
    );
  });

  it("limits one-click link checks per client address, whatever the link", async () => {
    const t = server();
    await exhaust(ABUSE_LIMITS["one-click-check"].perClient.limit, (i) =>
      post(t, "/persons/check-one-click-link", { link: "revertMail", token: `unknown-${i}` }),
    );
  });

  it("limits password changes per client address (429 before any password is checked)", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    await exhaust(ABUSE_LIMITS["change-password"].perClient.limit, () =>
      post(t, "/persons/me/change-password", { oldPassword: "", newPassword: "x" }, account.token),
    );
  });

  it("limits membership-credential attempts per person", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    await exhaust(ABUSE_LIMITS.membership.perEmail.limit, () =>
      post(
        t,
        "/persons/me/register-mitgliedskennung",
        { mitgliedskennung: "123", personalPassword: "a", generalPassword: "b" },
        account.token,
      ),
    );
  });
});

// One client with an IPv6 /64 has 2^64 addresses: every per-client budget counts the /64.
describe.each(embedded)("per-client budgets count an IPv6 client by its /64 on $name", (target) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(async () => database?.close());

  const attempt = (limiter: ReturnType<typeof createRateLimiter>, ip: string) =>
    enforceLimits(limiter, { ip }, "deletion-check").then(
      () => "allowed",
      () => "refused",
    );

  it("refuses the next address of the same /64 once its budget is spent", async () => {
    const limiter = createRateLimiter(database.db, testClock());
    const { limit } = ABUSE_LIMITS["deletion-check"].perClient;
    for (let i = 0; i < limit; i++) {
      expect(await attempt(limiter, `2001:db8:aa:1::${(i + 1).toString(16)}`)).toBe("allowed");
    }
    expect(await attempt(limiter, "2001:db8:aa:1:ffff:ffff:ffff:fffe")).toBe("refused");
    // Another /64 is another client.
    expect(await attempt(limiter, "2001:db8:aa:2::1")).toBe("allowed");
  });

  it("counts an IPv4-mapped address and its IPv4 address as one client", async () => {
    const limiter = createRateLimiter(database.db, testClock());
    const { limit } = ABUSE_LIMITS["deletion-check"].perClient;
    for (let i = 0; i < limit; i++) {
      const ip = i % 2 === 0 ? "198.51.100.7" : "::ffff:198.51.100.7";
      expect(await attempt(limiter, ip)).toBe("allowed");
    }
    expect(await attempt(limiter, "::ffff:198.51.100.7")).toBe("refused");
    expect(await attempt(limiter, "198.51.100.7")).toBe("refused");
  });
});
