import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpSession } from "../support/http-session.js";
import { REALM, WEB_CLIENT_ID } from "../support/oidc-sign-in.js";
import { leaseSecurityPortal, type SecurityPortal } from "./support/portal.js";

// Issue 9, cross-site scripting on the server-rendered pages: the provider's sign-in pages
// echo what a caller typed or put into the authorize URL. Every echo must be escaped.

let portal: SecurityPortal;
beforeAll(async () => {
  portal = await leaseSecurityPortal();
});
afterAll(() => portal?.close());

const PAYLOAD = `"><script>window.__xss=1</script><img src=x onerror=window.__xss=2>'`;

/** True when the markup of the payload appears unescaped in a page. */
const unescaped = (html: string): boolean =>
  html.includes("<script>window.__xss") || html.includes("<img src=x onerror");

const authorizeUrl = (extra: Record<string, string> = {}) => {
  const url = new URL(`${portal.url}/realms/${REALM}/protocol/openid-connect/auth`);
  url.search = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    redirect_uri: `${portal.url}/benutzerverwaltung/`,
    response_type: "code",
    scope: "openid",
    code_challenge: randomBytes(32).toString("base64url"),
    code_challenge_method: "S256",
    ...extra,
  }).toString();
  return url;
};

describe("the provider's pages escape what they echo", () => {
  it("the typed e-mail address on the login page after a failed sign-in", async () => {
    const session = new HttpSession();
    const shown = await session.follow(authorizeUrl(), () => false);
    const html = (await shown.response?.text()) ?? "";
    const action = /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html)?.[1];
    expect(action).toBeDefined();
    const res = await session.fetch(new URL((action ?? "").replace(/&amp;/g, "&"), shown.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: PAYLOAD, password: "Wrong-Passw0rd!" }),
    });
    const page = await res.text();
    expect(res.status).toBeLessThan(500);
    expect(unescaped(page)).toBe(false);
    expect(page).toContain("&quot;&gt;&lt;script&gt;");
  });

  it.each([
    ["state", { state: PAYLOAD }],
    ["login_hint", { login_hint: PAYLOAD }],
    ["ui_locales", { ui_locales: PAYLOAD }],
    ["kc_action", { kc_action: PAYLOAD }],
    ["an unknown client", { client_id: PAYLOAD }],
    ["a foreign redirect_uri", { redirect_uri: `https://evil.example/${PAYLOAD}` }],
  ])("authorize parameter %s", async (_label, extra) => {
    const session = new HttpSession();
    const shown = await session.follow(authorizeUrl(extra), () => false);
    const page = (await shown.response?.text()) ?? "";
    expect(shown.response?.status ?? 0).toBeLessThan(500);
    expect(unescaped(page)).toBe(false);
  });
});
