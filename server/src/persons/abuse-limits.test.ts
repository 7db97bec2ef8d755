import { describe, expect, it } from "vitest";
import {
  API,
  confirmedAccount,
  jsonRequest,
  registration,
  uniqueEmail,
} from "../test-support/api-helpers.js";
import { embedded } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { ABUSE_LIMITS } from "./abuse-limits.js";

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

  it("limits deletion-link checks per client address, whatever the token", async () => {
    const t = server();
    await exhaust(ABUSE_LIMITS["deletion-check"].perClient.limit, (i) =>
      post(t, "/persons/check-deletion-token", { optOutToken: `unknown-${i}` }),
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
