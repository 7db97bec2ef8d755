import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { WebRuntimeConfig } from "@portal/contracts";
import * as Schema from "effect/Schema";
import { afterAll, describe, expect, it } from "vitest";
import { embedded } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";

// A web build as Vite writes it: index.html, hashed assets, the silent check page.
const dist = mkdtempSync(join(tmpdir(), "portal-web-dist-"));
mkdirSync(join(dist, "assets"));
const INDEX = `<!doctype html><html><head><script type="module" src="/benutzerverwaltung/assets/index-Ab12Cd.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
writeFileSync(join(dist, "index.html"), INDEX);
writeFileSync(
  join(dist, "assets", "index-Ab12Cd.js"),
  `console.log(${JSON.stringify("x".repeat(4000))});`,
);
// Compressed at build time (vite-precompress): sent as it is to a browser that takes brotli.
const PRECOMPRESSED = `console.log(${JSON.stringify("y".repeat(4000))});`;
writeFileSync(join(dist, "assets", "app-Ef34Gh.js"), PRECOMPRESSED);
writeFileSync(join(dist, "assets", "app-Ef34Gh.js.br"), brotliCompressSync(PRECOMPRESSED));
writeFileSync(
  join(dist, "silent-check-sso.html"),
  '<!doctype html><html><body><script src="silent-check-sso.js"></script></body></html>',
);
// The app's icon as the web build copies it from web/public.
const ICON = Buffer.from([0, 0, 1, 0, 1, 0, 32, 32]);
writeFileSync(join(dist, "favicon.ico"), ICON);
const missingDist = join(dist, "does-not-exist");
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const noRedirect: RequestInit = { redirect: "manual" };

describe.each(embedded)("web app, config.json and security headers on $name", (target) => {
  const server = useTestServer(target, { webDistDir: dist });

  it("redirects / and /benutzerverwaltung to /benutzerverwaltung/", async () => {
    for (const path of ["/", "/benutzerverwaltung"]) {
      const res = await server().call(path, noRedirect);
      await res.arrayBuffer();
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/benutzerverwaltung/");
    }
  });

  it("serves index.html for the app's routes (history fallback), never cached", async () => {
    for (const path of [
      "/benutzerverwaltung/",
      "/benutzerverwaltung/konto/email-aendern",
      "/benutzerverwaltung/registrieren?prk=MC",
    ]) {
      const res = await server().call(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toBe(INDEX);
    }
  });

  it("serves hashed assets as immutable for a year, compressed", async () => {
    const res = await server().call("/benutzerverwaltung/assets/index-Ab12Cd.js", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toContain("javascript");
    // fetch decodes gzip itself; the header says it was compressed on the wire.
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toContain("console.log");
  });

  it("compresses with brotli when the browser accepts it", async () => {
    const res = await server().call("/benutzerverwaltung/", {
      headers: { "accept-encoding": "br" },
    });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(await res.text()).toBe(INDEX);
  });

  it("sends an asset's build-time brotli file when there is one, else compresses it", async () => {
    const br = await server().call("/benutzerverwaltung/assets/app-Ef34Gh.js", {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toContain("javascript");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await br.text()).toBe(PRECOMPRESSED);
    // No .gz beside it: gzip is made per response, as for every other file.
    const gzip = await server().call("/benutzerverwaltung/assets/app-Ef34Gh.js", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(PRECOMPRESSED);
    const plain = await server().call("/benutzerverwaltung/assets/app-Ef34Gh.js", {
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(PRECOMPRESSED);
  });

  it("answers a missing file with 404 instead of the app", async () => {
    const res = await server().call("/benutzerverwaltung/assets/gone-123.js");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual([{ errorCode: "NOT_FOUND" }]);
    const outside = await server().call("/benutzerverwaltung/..%2f..%2fpackage.json");
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual([{ errorCode: "NOT_FOUND" }]);
    for (const odd of ["/benutzerverwaltung/%25.js", "/benutzerverwaltung/%E0%A4%A.js"]) {
      const res = await server().call(odd);
      expect([400, 404]).toContain(res.status);
      await res.arrayBuffer();
    }
  });

  it("serves config.json (WebRuntimeConfig) from the server's config", async () => {
    const res = await server().call("/benutzerverwaltung/config.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const body = Schema.decodeUnknownSync(WebRuntimeConfig)(await res.json());
    const { config } = server().server;
    expect(body).toMatchObject({
      basePath: "/benutzerverwaltung/",
      apiBaseUrl: "",
      smartSignupUrl: "/api/gatinator/smart-signup",
      identity: {
        url: config.oidcIssuer.replace(/\/realms\/[^/]+$/, ""),
        realm: "test",
        clientId: "benutzerverwaltung",
        // The test issuer is an external one: Keycloak mode.
        provider: "keycloak",
      },
      analyticsUrl: "/api/analytics/events",
      securityMenu: { enabled: true },
      // The one support contact "contact us" leads to (issue 46): SUPPORT_CONTACT_*.
      supportContact: { email: config.supportContact.email, url: null, phone: null },
      // DELETION_GRACE_DAYS unset: the spec's irrevocable deletion.
      deletionGraceDays: 0,
    });
    expect(body.securityMenu.memberNumberPrefixes.length).toBeGreaterThan(100);
    expect(body.branding.associationName).toBe(config.associationName);
  });

  it("puts the security headers on every response: pages, API, errors", async () => {
    for (const path of [
      "/benutzerverwaltung/",
      "/healthz",
      "/api/user-management/nope",
      "/benutzerverwaltung/config.json",
    ]) {
      const res = await server().call(path);
      await res.arrayBuffer();
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy")).toContain("camera=()");
      // Plain http here: no HSTS (it is sent when PUBLIC_URL is https).
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  // Issue 29: browsers ask the origin's /favicon.ico of their own accord; it answered 404.
  it("serves the app's icon at /favicon.ico, cached for a day", async () => {
    const res = await server().call("/favicon.ico");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(ICON);
  });

  it("lets only silent-check-sso.html be framed, and only by the same origin", async () => {
    const res = await server().call("/benutzerverwaltung/silent-check-sso.html");
    expect(await res.text()).toContain("silent-check-sso.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});

describe("web app without a build", () => {
  const server = useTestServer(embedded[0]!, { webDistDir: missingDist });

  it("answers the app's pages with a clear 503 page", async () => {
    const res = await server().call("/benutzerverwaltung/konto");
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toContain("text/html");
    const page = await res.text();
    expect(page).toContain("Die Web-Anwendung ist noch nicht gebaut");
    expect(page).toContain("pnpm -r build");
    // No icon without a build: a plain 404, not the 503 page.
    const icon = await server().call("/favicon.ico");
    expect(icon.status).toBe(404);
    await icon.arrayBuffer();
    // config.json does not need the build.
    const config = await server().call("/benutzerverwaltung/config.json");
    expect(config.status).toBe(200);
    await config.arrayBuffer();
  });
});

describe("HSTS behind https", () => {
  const server = useTestServer(embedded[0]!, {
    publicUrl: "https://portal.example.org",
    webDistDir: dist,
    // No SMTP here: a PUBLIC_URL other than this machine starts only with the outbox asked for.
    mailOutbox: "public",
  });

  it("sends Strict-Transport-Security when PUBLIC_URL is https", async () => {
    const res = await server().call("/healthz");
    await res.arrayBuffer();
    expect(res.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});
