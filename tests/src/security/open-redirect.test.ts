import { API_ROUTES, apiPath } from "@portal/contracts";
import { loginTarget } from "@portal/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REALM, WEB_CLIENT_ID } from "../support/oidc-sign-in.js";
import { api, newPassword } from "./support/accounts.js";
import { leaseSecurityPortal, type SecurityPortal } from "./support/portal.js";

// Issue 9, open redirects: "prk, prt, web-target keys, OIDC redirect_uri and
// post_logout_redirect_uri with foreign hosts, javascript: and protocol-relative URLs lead
// nowhere but allow-listed targets".

let portal: SecurityPortal;
beforeAll(async () => {
  portal = await leaseSecurityPortal();
});
afterAll(() => portal?.close());

const EVIL = "evil.example";
/** Targets an attacker would put into a link. */
const hostile = (origin: string): string[] => {
  const host = new URL(origin).host;
  return [
    `https://${EVIL}/`,
    `//${EVIL}/benutzerverwaltung/`,
    `/\\${EVIL}/`,
    "javascript:alert(document.domain)",
    "data:text/html,<script>alert(1)</script>",
    `${origin}@${EVIL}/benutzerverwaltung/`,
    `http://${host}.${EVIL}/benutzerverwaltung/`,
    `http://user:pass@${host}/benutzerverwaltung/`,
    `${origin}/benutzerverwaltung/../../evil`,
    `${origin}/benutzerverwaltung/%2e%2e/%2e%2e/evil`,
    `${origin}/benutzerverwaltung/#@${EVIL}`,
  ];
};

/** True when a response sends the browser (header or page) anywhere but `origin`. */
const leadsAway = async (res: Response, origin: string): Promise<string | undefined> => {
  const location = res.headers.get("location");
  if (location) {
    const target = new URL(location, origin);
    if (target.origin !== origin) return `Location ${location}`;
  }
  const body = await res.text();
  if (/http-equiv=["']?refresh/i.test(body) && body.includes(EVIL)) return "meta refresh";
  if (/href=["'][^"']*evil\.example/i.test(body) || /javascript:alert/i.test(body))
    return "link in page";
  return undefined;
};

describe("OIDC redirect_uri", () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])(
    "hostile target %#: refused, the browser stays here",
    async (n) => {
      const target = hostile(portal.url)[n]!;
      const url = new URL(`${portal.url}/realms/${REALM}/protocol/openid-connect/auth`);
      url.search = new URLSearchParams({
        client_id: WEB_CLIENT_ID,
        redirect_uri: target,
        response_type: "code",
        scope: "openid",
        code_challenge: "x".repeat(43),
        code_challenge_method: "S256",
      }).toString();
      const res = await fetch(url, { redirect: "manual" });
      const away = await leadsAway(res, portal.url);
      expect(away, `${target} -> ${res.status}`).toBeUndefined();
      // Only URIs of the app itself pass: anything that is not refused stays under the base path.
      if (res.status >= 300 && res.status < 400) {
        expect(new URL(res.headers.get("location") ?? "", portal.url).pathname).toMatch(
          /^\/realms\//,
        );
      }
    },
  );
});

describe("OIDC post_logout_redirect_uri", () => {
  const logout = (target: string) => {
    const url = new URL(`${portal.url}/realms/${REALM}/protocol/openid-connect/logout`);
    url.search = new URLSearchParams({
      client_id: WEB_CLIENT_ID,
      post_logout_redirect_uri: target,
    }).toString();
    return fetch(url, { redirect: "manual" });
  };

  it("refuses every foreign target and sends the browser nowhere", async () => {
    for (const target of hostile(portal.url)) {
      const res = await logout(target);
      expect(res.status, target).toBe(400);
      expect(await leadsAway(res, portal.url), target).toBeUndefined();
    }
  });

  it("accepts the app's own base path (the control case)", async () => {
    const res = await logout(`${portal.url}/benutzerverwaltung/`);
    expect(res.status).toBeLessThan(400);
    expect(await leadsAway(res, portal.url)).toBeUndefined();
  });
});

describe("web-target keys (prk)", () => {
  it("a key that is a URL resolves to nothing", async () => {
    for (const key of [...hostile(portal.url), "MC/../../evil", "mc%2f..%2fevil"]) {
      const res = await api(portal.url, {
        ...API_ROUTES.getWebTarget,
        path: `/web-targets/${encodeURIComponent(key)}`,
      });
      expect(res.status, key).toBe(404);
      expect(await res.json()).toEqual([expect.objectContaining({ errorCode: "NOT_FOUND" })]);
    }
  });

  it("every seeded target lies on the portal or the association's site", async () => {
    for (const key of ["MC", "BONITAET", "INKASSO", "MARKETING"]) {
      const res = await fetch(portal.url + apiPath(API_ROUTES.getWebTarget, { key }));
      const { url } = (await res.json()) as { url: string };
      expect(
        [portal.url, portal.server.config.homepageUrl].map((u) => new URL(u).origin),
      ).toContain(new URL(url).origin);
    }
  });

  it("/login follows a web target only when its URL is allow-listed (core rule the app uses)", () => {
    const allowList = [portal.url, "https://www.example.org"];
    for (const url of hostile(portal.url)) {
      const target = loginTarget(
        { prk: "X", prt: "//evil.example", newUser: "javascript:alert(1)" },
        { webTarget: { key: "X", url, sourceSystem: "X" }, allowList },
      );
      if (target.kind === "url") {
        expect(new URL(target.url, portal.url).origin, url).toBe(new URL(portal.url).origin);
        expect(target.url.startsWith(portal.url) || target.url.startsWith("/")).toBe(true);
        expect(target.url.startsWith("//")).toBe(false);
      }
    }
  });
});

describe("mailed links", () => {
  it("always point at PUBLIC_URL, whatever Host or X-Forwarded-Host a caller sends", async () => {
    const email = `host-${Date.now()}@example.test`;
    const res = await fetch(portal.url + apiPath(API_ROUTES.register), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-host": EVIL,
        forwarded: `host=${EVIL}`,
      },
      body: JSON.stringify({
        givenName: "Max",
        surname: "Muster",
        email,
        password: newPassword(),
        consentMarketing: "REFUSED",
        consentRecherche: "REFUSED",
        postRegistrationTargetKey: `https://${EVIL}/`,
        postRegistrationToken: `//${EVIL}/`,
      }),
    });
    expect(res.status).toBe(201);
    const mail = await portal.outbox.next(email, {});
    for (const link of mail.links)
      expect(new URL(link).origin).toBe(new URL(portal.server.config.publicUrl).origin);
    expect(mail.text).not.toMatch(/https?:\/\/evil\.example/);
  });
});
