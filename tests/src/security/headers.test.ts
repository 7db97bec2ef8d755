import { CORRELATION_ID_HEADER } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEB_CLIENT_ID } from "../support/oidc-sign-in.js";
import { leaseSecurityPortal, type SecurityPortal } from "./support/portal.js";

// Issue 9, cross-site scripting: "responses carry a Content-Security-Policy without
// 'unsafe-inline' scripts, X-Content-Type-Options: nosniff, frame-ancestors denied
// (check pages, API, provider pages)".

let portal: SecurityPortal;
beforeAll(async () => {
  portal = await leaseSecurityPortal();
});
afterAll(() => portal?.close());

/** The directives of a Content-Security-Policy header, by name. */
const directives = (csp: string): Map<string, string[]> =>
  new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );

/** The sources scripts may come from: script-src, else default-src. */
const scriptSources = (csp: Map<string, string[]>): string[] =>
  csp.get("script-src") ?? csp.get("default-src") ?? [];

const authorize = () => {
  const url = new URL("/realms/portal/protocol/openid-connect/auth", portal.url);
  url.search = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    redirect_uri: `${portal.url}/benutzerverwaltung/`,
    response_type: "code",
    scope: "openid",
    code_challenge: "x".repeat(43),
    code_challenge_method: "S256",
  }).toString();
  return url.pathname + url.search;
};

// Every kind of response: app pages, static files, the API (success and errors), the
// provider's pages and endpoints, the outbox viewer, health.
const PATHS: ReadonlyArray<readonly [string, () => string]> = [
  ["app page", () => "/benutzerverwaltung/registrieren"],
  ["app runtime config", () => "/benutzerverwaltung/config.json"],
  ["missing static file", () => "/benutzerverwaltung/nothing-here.js"],
  ["API success", () => "/api/user-management/web-targets/MC"],
  ["API 401", () => "/api/user-management/persons/me"],
  ["API 404", () => "/api/user-management/no-such-route"],
  ["API reference page", () => "/api/user-management/docs"],
  ["provider discovery", () => "/realms/portal/.well-known/openid-configuration"],
  ["provider login page (after the authorize redirect)", authorize],
  ["provider error page", () => "/realms/portal/protocol/openid-connect/auth?client_id=nobody"],
  ["outbox viewer", () => "/outbox"],
  ["readiness", () => "/readyz"],
];

describe.each(PATHS)("security headers of the %s", (_label, path) => {
  it("CSP without inline or eval scripts, nosniff, no framing by other sites", async () => {
    let res = await fetch(portal.url + path(), { redirect: "manual" });
    // Follow the provider's own redirects (authorize -> interaction page) on the same origin.
    for (let hops = 0; hops < 5 && res.status >= 300 && res.status < 400; hops++) {
      const next = new URL(res.headers.get("location") ?? "", portal.url);
      expect(next.origin).toBe(portal.url);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      res = await fetch(next, { redirect: "manual", headers: cookie ? { cookie } : {} });
    }
    await res.arrayBuffer();
    const csp = directives(res.headers.get("content-security-policy") ?? "");
    expect(csp.size, "a Content-Security-Policy header").toBeGreaterThan(0);
    const scripts = scriptSources(csp);
    expect(scripts.length, "script sources are restricted").toBeGreaterThan(0);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain("*");
    expect(scripts.some((s) => /^(https?:|data:|blob:)$/.test(s))).toBe(false);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    // 'self' only where the app's own silent sign-in check frames the provider.
    const ancestors = csp.get("frame-ancestors");
    expect(ancestors, "frame-ancestors").toBeDefined();
    expect([["'none'"], ["'self'"]]).toContainEqual(ancestors);
    expect(res.headers.get(CORRELATION_ID_HEADER)).toBeTruthy();
  });
});

describe("static files stay inside the web build", () => {
  it.each([
    "/benutzerverwaltung/..%2f..%2fpackage.json",
    "/benutzerverwaltung/%2e%2e/%2e%2e/server/package.json",
    "/benutzerverwaltung/..%5c..%5cpackage.json",
    "/benutzerverwaltung/%25E0%25A4",
  ])("%s serves no file outside the build and never a 5xx", async (path) => {
    const res = await fetch(portal.url + path, { redirect: "manual" });
    const body = await res.text();
    expect(res.status).toBeLessThan(500);
    expect(body).not.toContain('"name"');
    // Either the error list or the app's own page (its history fallback), nothing else.
    if (res.status >= 400) {
      expect(JSON.parse(body)).toEqual([
        expect.objectContaining({ errorCode: expect.any(String) }),
      ]);
    } else {
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(body).toMatch(/^<!doctype html>/i);
    }
  });
});
