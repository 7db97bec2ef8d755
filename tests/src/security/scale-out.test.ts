import { randomBytes } from "node:crypto";
import { API_ROUTES } from "@portal/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { HttpSession } from "../support/http-session.js";
import { REALM, signInOverHttp, WEB_CLIENT_ID } from "../support/oidc-sign-in.js";
import { Outbox } from "../support/outbox.js";
import { type Account, api, confirmedAccount, refresh } from "./support/accounts.js";
import { useTwoProcesses } from "./support/two-processes.js";

// Issue 9, scale-out and brute force: "two server processes on one PostgreSQL behind a small
// round-robin proxy: a sign-in through one works through the other, and limits are shared";
// "sign-in failures lead to the temporary wait; the rate limits answer 429 and are shared by
// two processes".

const two = useTwoProcesses("scale");

const outbox = () => new Outbox(two.proxy.url);

/** Posts e-mail and password to the provider's login form (through the balancer); the page it answers. */
const postLogin = async (email: string, password: string): Promise<string> => {
  const session = new HttpSession();
  const authorize = new URL(`${two.proxy.url}/realms/${REALM}/protocol/openid-connect/auth`);
  authorize.search = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    redirect_uri: `${two.proxy.url}/benutzerverwaltung/`,
    response_type: "code",
    scope: "openid",
    code_challenge: randomBytes(32).toString("base64url"),
    code_challenge_method: "S256",
  }).toString();
  const shown = await session.follow(authorize, () => false);
  const html = (await shown.response?.text()) ?? "";
  const action = /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error("no login form");
  const res = await session.fetch(new URL(action.replace(/&amp;/g, "&"), shown.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: email, password }),
  });
  return res.text();
};

describe("two server processes behind a round-robin balancer", () => {
  let account: Account;
  beforeAll(async () => {
    account = await confirmedAccount(two.proxy.url, outbox(), "scale");
  }, 60_000);

  it("a sign-in spread over both processes gives tokens both accept", async () => {
    const before = new Map(two.proxy.served);
    const { accessToken, refreshToken } = await signInOverHttp(
      two.proxy.url,
      account.email,
      account.password,
    );
    // The authorize, form and token requests really went to both.
    for (const backend of [two.first.url, two.second.url]) {
      expect(two.proxy.served.get(backend) ?? 0).toBeGreaterThan(before.get(backend) ?? 0);
    }
    for (const backend of [two.first.url, two.second.url]) {
      const me = await api(backend, API_ROUTES.getMe, { token: accessToken });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: account.email });
    }
    // The refresh token of a session made through both works at either process directly.
    const rotated = await refresh(two.first.url, refreshToken);
    expect(rotated.status).toBe(200);
    const { refresh_token: next } = (await rotated.json()) as { refresh_token: string };
    expect((await refresh(two.second.url, next)).status).toBe(200);
  });

  // The resend cooldown (one opt-in mail per address per 30 s) counts in front of the
  // hourly budget: on a process of its own the second ask, on the other one, would pass.
  it("counts one address's resend requests on both processes together (429 after 1)", async () => {
    const email = `limits-${randomBytes(4).toString("hex")}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await api(two.proxy.url, API_ROUTES.resendOptInMail, { body: { email } });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(res.headers.get("correlationid")).toBeTruthy();
        expect(await res.json()).toEqual([{ errorCode: "TOO_MANY_REQUESTS" }]);
      } else await res.arrayBuffer();
    }
    expect(statuses).toEqual([202, 429, 429, 429, 429, 429]);
  });

  it("failed sign-ins on both processes lead to the temporary wait, then even the right password waits", async () => {
    const victim = await confirmedAccount(two.proxy.url, outbox(), "brute");
    const pages: string[] = [];
    for (let i = 0; i < 5; i++) pages.push(await postLogin(victim.email, `Wrong-${i}-Passw0rd!`));
    // Four free failures (Keycloak's brute-force detection), then a wait of about a minute.
    for (const page of pages.slice(0, 4)) expect(page).toContain('data-qa="login-error"');
    expect(pages[4]).toContain('data-qa="login-locked"');
    expect(pages[4]).toMatch(/\b(5\d|60)\b/);
    const meanwhile = await postLogin(victim.email, victim.password);
    expect(meanwhile).toContain('data-qa="login-locked"');
    // An unknown address is counted the same way: the wait reveals no account.
    const nobody = `nobody-${randomBytes(4).toString("hex")}@example.test`;
    const unknown: string[] = [];
    for (let i = 0; i < 5; i++) unknown.push(await postLogin(nobody, `Wrong-${i}-Passw0rd!`));
    expect(unknown[4]).toContain('data-qa="login-locked"');
  });
});
