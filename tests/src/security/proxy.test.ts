import { request } from "node:http";
import { API_ROUTES, apiPath } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaseSecurityPortal, type SecurityPortal } from "./support/portal.js";

// Issue 14, deployment: "TRUST_PROXY is on or off: on, any client-sent X-Forwarded-For is
// trusted and every rate limit can be bypassed [...] Accept a hop count or a list of proxy
// addresses/CIDRs." And: "The Host header flows into the discovery document's endpoints
// [...] and discovery has no cache-control. Build every absolute URL from PUBLIC_URL."

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One request with headers fetch() would not send as given (Host). */
const send = (
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = request(
      url,
      { method: options.method ?? "GET", headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });

const EVIL = {
  host: "evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  forwarded: "host=evil.example;proto=https",
};

describe.each([
  ["one hop (TRUST_PROXY=1)", 1],
  ["the proxy's address (TRUST_PROXY=127.0.0.1)", ["127.0.0.1"]],
] as const)("behind a trusted proxy: %s", (_name, trustProxy) => {
  let portal: SecurityPortal;
  beforeAll(async () => {
    portal = await leaseSecurityPortal({ realRateLimits: true, config: { trustProxy } });
  });
  afterAll(() => portal?.close());

  it("builds every URL of discovery from PUBLIC_URL, whatever Host a client sends", async () => {
    const res = await send(portal.url, "/realms/portal/.well-known/openid-configuration", {
      headers: EVIL,
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toContain("evil.example");
    const document = JSON.parse(res.body) as Record<string, unknown>;
    const urls = Object.values(document).filter(
      (value): value is string => typeof value === "string" && /^https?:/.test(value),
    );
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url.startsWith(`${portal.url}/realms/portal`)).toBe(true);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("keeps the browser on its own origin (the authorization's sign-in page)", async () => {
    const url = new URL("/realms/portal/protocol/openid-connect/auth", portal.url);
    url.search = new URLSearchParams({
      client_id: "benutzerverwaltung",
      redirect_uri: `${portal.url}/benutzerverwaltung/`,
      response_type: "code",
      scope: "openid",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
    }).toString();
    const res = await send(portal.url, url.pathname + url.search, { headers: EVIL });
    // The page answers the authorization itself, as Keycloak's does: every address in it
    // and in its cookies is the portal's own, the form's above all.
    expect(res.status).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).not.toContain("evil.example");
    for (const cookie of res.headers["set-cookie"] ?? []) expect(cookie).not.toContain("evil");
    const action = /<form id="kc-form-login"[^>]*action="([^"]+)"/.exec(res.body)?.[1];
    expect(action).toMatch(/^\/realms\/portal\/login-actions\/[\w-]+\/login$/);
  });

  const resend = (forwardedFor: string) =>
    send(portal.url, apiPath(API_ROUTES.resendOptInMail), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ email: `proxy-${Math.random()}@example.test` }),
    });

  it("counts a client under the address its proxy saw, not the one it wrote itself", async () => {
    // The proxy appends the client's address; entries before it are the client's own words.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await resend(`10.9.${i}.1, 203.0.113.7`)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(API_ROUTES.resendOptInMail.status));
    expect(statuses[20]).toBe(429);
    // Another client behind the same proxy has its own budget.
    const other = await resend("203.0.113.8");
    expect(other.status).toBe(API_ROUTES.resendOptInMail.status);
  });
});

describe("without TRUST_PROXY", () => {
  let portal: SecurityPortal;
  beforeAll(async () => {
    portal = await leaseSecurityPortal({ realRateLimits: true });
  });
  afterAll(() => portal?.close());

  it("ignores X-Forwarded-For: a client cannot pick a fresh budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await send(portal.url, apiPath(API_ROUTES.resendOptInMail), {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i}` },
        body: JSON.stringify({ email: `noproxy-${i}@example.test` }),
      });
      statuses.push(res.status);
    }
    expect(statuses[20]).toBe(429);
  });

  it("builds discovery from PUBLIC_URL", async () => {
    const res = await send(portal.url, "/realms/portal/.well-known/openid-configuration", {
      headers: EVIL,
    });
    expect(res.body).not.toContain("evil.example");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });
});
