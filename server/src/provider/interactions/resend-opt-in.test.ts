import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABUSE_LIMITS } from "../../persons/abuse-limits.js";
import { embedded } from "../../test-support/databases.js";
import { TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  startIdentityServer,
  submitPassword,
} from "../testing/identity-kit.js";

// Issue 14: "Resend from the sign-in page calls the API through an in-process injected
// request, so every user shares one rate-limit bucket (127.0.0.1) and a 429 is shown as
// 'sent'. Call the same function directly with the real client address and show the limit."

const LIMIT = ABUSE_LIMITS.resend.perClient.limit;

describe.each(embedded)("resend opt-in from the sign-in page on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    // One trusted proxy in front: X-Forwarded-For's last entry is the client.
    t = await startIdentityServer(target, { trustProxy: 1 });
  });
  afterAll(() => t?.close());

  /** The resend form of an unconfirmed person's sign-in page, in a fresh browser. */
  const resendForm = async (clientIp: string) => {
    const person = await createPerson(t.db, { confirmed: false });
    const b = new TestBrowser(t.server.config.publicUrl);
    const request = await authorizationRequest(await t.web(), t.redirectUri);
    const next = await submitPassword(b, request.url, person.email, PASSWORD, t.redirectUri);
    const page = await next.response.text();
    const action = /<form method="post" action="([^"]+)"[^>]*data-qa="resend-opt-in-form"/.exec(
      page,
    )?.[1];
    if (!action) throw new Error(`no resend form in page:\n${page.slice(0, 2000)}`);
    const post = async () => {
      const res = await b.request(action, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": clientIp,
        },
        body: new URLSearchParams({ username: person.email }).toString(),
      });
      return {
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        html: await res.text(),
      };
    };
    return { person, post };
  };

  const apiResend = (clientIp: string) =>
    fetch(`${t.server.url}/api/user-management/persons/resend-opt-in-mail`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": clientIp },
      body: JSON.stringify({ email: `api-${Math.random()}@example.test` }),
    });

  it("counts the page's resends under the client's own address, with the API's budget", async () => {
    for (let i = 0; i < LIMIT; i++) expect((await apiResend("203.0.113.50")).status).toBe(202);
    const spent = await resendForm("203.0.113.50");
    const refused = await spent.post();
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.html).toContain('data-qa="opt-in-limited"');
    expect(refused.html).not.toContain('data-qa="opt-in-resent"');
    expect(refused.html).toMatch(/in \d+ Minuten/);

    // Another client is not held up by the first one's budget.
    const other = await resendForm("203.0.113.51");
    const sent = await other.post();
    expect(sent.status).toBe(200);
    expect(sent.html).toContain('data-qa="opt-in-resent"');
  });
});
