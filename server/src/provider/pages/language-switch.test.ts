import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LANGUAGE_COOKIE_NAME, languageCookie } from "@portal/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databases } from "../../test-support/databases.js";
import { hiddenValue, TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  type IdentityServer,
  startIdentityServer,
} from "../testing/identity-kit.js";
import { decideLanguageSwitch, keptAddress, safeReturnPath } from "./language-switch.js";

const REALM = "/realms/portal";
const ORIGIN = "https://portal.example";

describe("the language switch returns only to a page of the realm", () => {
  it.each([
    ["/realms/portal/login-actions/abc", "/realms/portal/login-actions/abc"],
    [
      "/realms/portal/protocol/openid-connect/logout?id_token_hint=x.y.z&post_logout_redirect_uri=https%3A%2F%2Fa%2Fb",
      "/realms/portal/protocol/openid-connect/logout?id_token_hint=x.y.z&post_logout_redirect_uri=https%3A%2F%2Fa%2Fb",
    ],
    ["/realms/portal/device?x=https://a//b", "/realms/portal/device?x=https://a//b"],
  ])("accepts %s", (value, expected) => {
    expect(safeReturnPath(value, REALM)).toBe(expected);
  });

  it.each([
    ["another origin", "https://evil.example/realms/portal/x"],
    ["a protocol-relative URL", "//evil.example/realms/portal/x"],
    ["a scheme", "javascript:alert(1)//realms/portal/"],
    ["a path outside the realm", "/benutzerverwaltung/konto"],
    ["the realm's name as a prefix only", "/realms/portal-evil/x"],
    ["a double slash in the path", "/realms/portal//evil.example"],
    ["a backslash", "/realms/portal/\\evil.example"],
    ["dot segments out of the realm", "/realms/portal/../../benutzerverwaltung"],
    ["encoded dot segments", "/realms/portal/%2e%2e/%2e%2e/x"],
    ["a line feed", "/realms/portal/x\r\nset-cookie: a=b"],
    ["a space", "/realms/portal/x y"],
    ["nothing", ""],
    ["no string", ["/realms/portal/x"]],
    ["a very long path", `/realms/portal/${"a".repeat(5000)}`],
  ])("refuses %s", (_l, value) => {
    expect(safeReturnPath(value, REALM)).toBeUndefined();
  });
});

describe("the address a switch takes along", () => {
  it("is a plausible e-mail address, trimmed", () => {
    expect(keptAddress("  erika.mustermann+x@example.co.uk ")).toBe(
      "erika.mustermann+x@example.co.uk",
    );
  });

  it.each([
    ["nothing", undefined],
    ["an empty field", ""],
    ["a password typed into the wrong field", "Sommer-Wiese42"],
    ["half an address", "erika@"],
    ["no domain's dot", "erika@localhost"],
    ["markup", '"><script>alert(1)</script>@example.de'],
    ["a line break", "erika@example.de\nBcc: x@evil.example"],
    ["an invisible character", "erika\u200b@example.de"],
    ["too long an address", `${"a".repeat(250)}@example.de`],
    ["two values", ["erika@example.de", "x@example.de"]],
  ])("drops %s", (_l, value) => {
    expect(keptAddress(value)).toBeUndefined();
  });
});

describe("deciding a language switch", () => {
  const returnTo = "/realms/portal/login-actions/abc";
  it.each([
    [
      { locale: "fr_LU", returnTo },
      { ok: true, locale: "fr_LU", location: `${returnTo}#language-switcher` },
    ],
    // A typed address rides along in the fragment (QA2 #7); anything else is dropped.
    [
      { locale: "en_US", returnTo, username: " erika@example.de " },
      { ok: true, location: `${returnTo}#language-switcher&username=erika%40example.de` },
    ],
    [
      { locale: "en_US", returnTo, username: "Sommer-Wiese42" },
      { ok: true, location: `${returnTo}#language-switcher` },
    ],
    [{ locale: "en_US", returnTo, origin: ORIGIN, fetchSite: "same-origin" }, { ok: true }],
    // The sign-in pages send no referrer: browsers then send `Origin: null` on their forms.
    [{ locale: "en_US", returnTo, origin: "null" }, { ok: true }],
    [
      { locale: "xx_XX", returnTo },
      { ok: false, status: 400, code: "UNKNOWN_LOCALE" },
    ],
    [
      { locale: "en", returnTo },
      { ok: false, status: 400, code: "UNKNOWN_LOCALE" },
    ],
    [
      { locale: undefined, returnTo },
      { ok: false, status: 400, code: "UNKNOWN_LOCALE" },
    ],
    [
      { locale: "en_US", returnTo: "https://evil.example/" },
      { ok: false, status: 400, code: "RETURN_REFUSED" },
    ],
    [
      { locale: "en_US", returnTo: undefined },
      { ok: false, status: 400, code: "RETURN_REFUSED" },
    ],
    [
      { locale: "en_US", returnTo, origin: "https://evil.example" },
      { ok: false, status: 403, code: "CROSS_SITE" },
    ],
    [
      { locale: "en_US", returnTo, fetchSite: "cross-site" },
      { ok: false, status: 403, code: "CROSS_SITE" },
    ],
  ])("%o -> %o", (input, expected) => {
    expect(decideLanguageSwitch(input, REALM, ORIGIN)).toMatchObject(expected);
  });
});

// A web build with its entry stylesheet, as Vite writes index.html.
const dist = mkdtempSync(join(tmpdir(), "portal-provider-web-"));
writeFileSync(
  join(dist, "index.html"),
  '<!doctype html><html><head><link rel="stylesheet" crossorigin href="/benutzerverwaltung/assets/index-T3st.css"></head><body></body></html>',
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe.each(databases.slice(0, 1))("language switch on the sign-in page ($name)", (target) => {
  let t: IdentityServer;
  const browser = () => new TestBrowser(t.server.config.publicUrl);
  const switchUrl = () => `${t.server.config.publicUrl}${REALM}/language`;

  beforeAll(async () => {
    t = await startIdentityServer(target, { webDistDir: dist });
  });
  afterAll(() => t?.close());

  it("sets the app's cookie, shows the page again in the chosen language, over ui_locales", async () => {
    const b = browser();
    const request = await authorizationRequest(await t.web(), t.redirectUri, { ui_locales: "fr" });
    const first = await b.open(request.url.toString(), t.redirectUri);
    const page = await first.response.text();
    expect(page).toContain('<html lang="fr">');
    // The app's stylesheet first, then the provider's own few rules.
    expect(page).toMatch(
      /<link rel="stylesheet" href="\/benutzerverwaltung\/assets\/index-T3st.css" crossorigin>\s*<link rel="stylesheet" href="\/realms\/portal\/resources\/login.css">/,
    );
    // The authorization request answered with the page; the switch returns to the
    // interaction's own page, which the sign-in form posts under.
    const returnTo = hiddenValue(page, "return");
    expect(new URL(first.url).pathname).toBe(`${REALM}/protocol/openid-connect/auth`);
    expect(returnTo).toMatch(new RegExp(`^${REALM}/login-actions/[\\w-]+$`));
    expect(page).toContain(`action="${returnTo}/login"`);
    expect(page).toContain('<option value="fr_FR" lang="fr" selected>');

    const response = await b.request(switchUrl(), {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: new URL(t.server.config.publicUrl).origin,
      },
      body: new URLSearchParams({ locale: "en_US", return: returnTo }).toString(),
    });
    expect(response.status).toBe(303);
    // Back with the focus for the switch (the page's script reads the fragment).
    expect(response.headers.get("location")).toBe(`${returnTo}#language-switcher`);
    expect(response.headers.getSetCookie()).toEqual([
      languageCookie("en_US", { domain: t.server.config.languageCookieDomain ?? null }),
    ]);
    const again = await (await b.open(returnTo)).response.text();
    expect(again).toContain('<html lang="en">');
    expect(again).toContain('<option value="en_US" lang="en" selected>');
    expect(again).toContain('id="kc-form-login"');
  });

  it("takes a typed address along in the fragment, never the query, and nothing else", async () => {
    const b = browser();
    const request = await authorizationRequest(await t.web(), t.redirectUri);
    const page = await (await b.open(request.url.toString(), t.redirectUri)).response.text();
    const returnTo = hiddenValue(page, "return");
    // The field the page's script reads (provider-assets/login.js) is the address field only.
    expect(page).toMatch(/<input [^>]*name="username" [^>]*data-language-keep/);
    expect(page).not.toMatch(/<input [^>]*name="password" [^>]*data-language-keep/);
    const post = (fields: Record<string, string>) =>
      b.request(switchUrl(), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ locale: "fr_FR", return: returnTo, ...fields }).toString(),
      });
    const kept = await post({ username: "erika@example.de", password: "Sommer-Wiese42" });
    expect(kept.status).toBe(303);
    expect(kept.headers.get("location")).toBe(
      `${returnTo}#language-switcher&username=erika%40example.de`,
    );
    const dropped = await post({ username: "Sommer-Wiese42" });
    expect(dropped.headers.get("location")).toBe(`${returnTo}#language-switcher`);
    // The page itself never echoes it: it is the script's to put back.
    const again = await (await b.open(returnTo)).response.text();
    expect(again).not.toContain("erika@example.de");
  });

  it.each([
    ["an unknown locale", { locale: "xx_XX", return: `${REALM}/device` }, 400, "Diese Sprache"],
    [
      "another site as return",
      { locale: "en_US", return: "https://evil.example/" },
      400,
      "Nach dem Sprachwechsel",
    ],
    [
      "a protocol-relative return",
      { locale: "en_US", return: "//evil.example" },
      400,
      "Nach dem Sprachwechsel",
    ],
    [
      "a return outside the realm",
      { locale: "en_US", return: "/benutzerverwaltung/" },
      400,
      "zurück",
    ],
  ])(
    "refuses %s with a page that says so, no cookie, no redirect",
    async (_l, form, status, text) => {
      const response = await browser().request(switchUrl(), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      });
      expect(response.status).toBe(status);
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      const body = await response.text();
      expect(body).toContain('data-qa="provider-message"');
      expect(body).toContain(text);
    },
  );

  it("refuses a post from another site (403)", async () => {
    const response = await browser().request(switchUrl(), {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
      body: new URLSearchParams({ locale: "en_US", return: `${REALM}/device` }).toString(),
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("keeps the cookie's locale on the provider's own pages (device code entry)", async () => {
    const b = browser();
    const page = await b.request(`${REALM}/device`, {
      headers: { cookie: `${LANGUAGE_COOKIE_NAME}=de_AT` },
    });
    const body = await page.text();
    expect(body).toContain('<option value="de_AT" lang="de-AT" selected>');
    expect(hiddenValue(body, "return")).toBe(`${REALM}/device`);
  });
});
