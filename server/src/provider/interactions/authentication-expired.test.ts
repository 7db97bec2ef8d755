import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { embedded } from "../../test-support/databases.js";
import { loadIdentityKeys } from "../oidc/keys.js";
import { TTL } from "../oidc/provider.js";
import { providerTexts } from "../pages/texts.js";
import { formAction, TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  redeem,
  startIdentityServer,
  submitPassword,
  WEB_CLIENT,
} from "../testing/identity-kit.js";
import {
  AUTHENTICATION_EXPIRED,
  RESTART_COOKIE,
  type RestartRecord,
  restartSealer,
} from "./authentication-expired.js";

// Keycloak: "error=temporarily_unavailable and error_description=authentication_expired
// [...] when the authentication session expired in the current browser tab"; keycloak-js
// then calls login() again (spec section 3: authentication_expired restarts login).

/**
 * The login page was left open past the login timeout: the clock (Date only, which both
 * the provider and its storage read) moves past the interaction's lifetime. No sleeping.
 */
const leaveThePageOpenTooLong = () => {
  const later = Date.now() + (TTL.interaction + 1) * 1000;
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(later);
};

const responseParams = (location: string, mode: "query" | "fragment") => {
  const url = new URL(location);
  return mode === "fragment" ? new URLSearchParams(url.hash.slice(1)) : url.searchParams;
};

describe.each(embedded)("embedded provider, expired sign-in on $name", (target) => {
  let t: IdentityServer;
  const browser = () => new TestBrowser(t.server.config.publicUrl);
  const expiredPage = providerTexts("de", "page").sessionExpired;

  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Opens the login page of a fresh authorization request; returns its form's action. */
  const openLoginPage = async (b: TestBrowser, redirectUri: string, extra = {}) => {
    const config = await t.web();
    const request = await authorizationRequest(config, redirectUri, extra);
    const page = await b.open(request.url.toString(), redirectUri);
    expect(page.response.status).toBe(200);
    const action = formAction(await page.response.text(), "kc-form-login");
    const uid = /\/login-actions\/([^/]+)\/login$/.exec(new URL(action, t.issuer).pathname)?.[1];
    if (!uid) throw new Error(`no interaction uid in ${action}`);
    return { config, request, action, uid };
  };

  it("sends a login form submitted after the timeout back to the app, in keycloak-js's fragment mode", async () => {
    const person = await createPerson(t.db);
    const b = browser();
    const { action, request } = await openLoginPage(b, t.redirectUri, {
      response_mode: "fragment",
    });

    leaveThePageOpenTooLong();
    const submitted = await b.request(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: person.email, password: PASSWORD }).toString(),
    });
    await submitted.arrayBuffer();
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get("cache-control")).toBe("no-store");
    const location = submitted.headers.get("location") ?? "";
    expect(location.startsWith(`${t.redirectUri}#`)).toBe(true);
    expect(Object.fromEntries(responseParams(location, "fragment"))).toEqual({
      ...AUTHENTICATION_EXPIRED,
      state: request.state,
      iss: t.issuer,
    });

    // What keycloak-js does next: a new authorization request, which signs in as usual.
    const config = await t.web();
    const again = await authorizationRequest(config, t.redirectUri);
    const done = await submitPassword(b, again.url, person.email, PASSWORD, t.redirectUri);
    const tokens = await redeem(config, done.url, again);
    expect(tokens.claims()?.sub).toBe(person.id);
  });

  it("answers in the query (the default mode), keeping the app page's own query", async () => {
    const b = browser();
    const page = `${t.server.config.publicUrl}/benutzerverwaltung/login?prk=SHOP`;
    const { action, request } = await openLoginPage(b, page);

    leaveThePageOpenTooLong();
    // Reloading the page left open goes back to the app just the same.
    const reloaded = await b.request(action.replace(/\/login$/, ""));
    await reloaded.arrayBuffer();
    expect(reloaded.status).toBe(303);
    const location = reloaded.headers.get("location") ?? "";
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(
      `${t.server.config.publicUrl}/benutzerverwaltung/login`,
    );
    expect(url.hash).toBe("");
    expect(Object.fromEntries(responseParams(location, "query"))).toEqual({
      prk: "SHOP",
      ...AUTHENTICATION_EXPIRED,
      state: request.state,
      iss: t.issuer,
    });
  });

  it("keeps the return address in an HttpOnly cookie on the interaction's path, unreadable", async () => {
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const res = await fetch(request.url, { redirect: "manual" });
    await res.arrayBuffer();
    const interactionPath = new URL(res.headers.get("location") ?? "", t.issuer).pathname;
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${RESTART_COOKIE}=`));
    expect(cookie).toBeDefined();
    const attributes = (cookie ?? "").toLowerCase();
    expect(attributes).toContain(`path=${interactionPath.toLowerCase()}`);
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    // Sealed: neither the state nor the redirect URI can be read (or changed) in the browser.
    expect(cookie).not.toContain(request.state);
    expect(cookie).not.toContain("benutzerverwaltung");
  });

  describe("never an open redirect", () => {
    let sealed: (record: RestartRecord) => string;
    beforeAll(async () => {
      const sealer = restartSealer((await loadIdentityKeys(t.db)).refreshSecret);
      sealed = (record) => sealer.seal(JSON.stringify(record));
    });

    /** Posts the login form of interaction `uid` from a browser without its session cookie. */
    const postWith = async (uid: string, cookie: string | undefined) => {
      const res = await fetch(`${t.issuer}/login-actions/${uid}/login`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(cookie === undefined ? {} : { cookie: `${RESTART_COOKIE}=${cookie}` }),
        },
        body: "username=a%40example.org&password=x",
      });
      return { status: res.status, location: res.headers.get("location"), page: await res.text() };
    };

    it("shows the 'took too long' page without a restart cookie or with a forged one", async () => {
      const { uid } = await openLoginPage(browser(), t.redirectUri);
      const genuine = sealed({ uid, clientId: WEB_CLIENT, redirectUri: t.redirectUri });
      const tampered = `${genuine.slice(0, -2)}${genuine.endsWith("AA") ? "BB" : "AA"}`;
      for (const cookie of [undefined, "forged", tampered]) {
        const answer = await postWith(uid, cookie);
        expect(answer.status).toBe(400);
        expect(answer.location).toBeNull();
        expect(answer.page).toContain(expiredPage);
      }
    });

    it("follows only a redirect URI the client has registered, of this interaction, in query or fragment mode", async () => {
      const { uid } = await openLoginPage(browser(), t.redirectUri);
      const valid: RestartRecord = { uid, clientId: WEB_CLIENT, redirectUri: t.redirectUri };
      // The control: a well-sealed, registered return address is followed.
      const followed = await postWith(uid, sealed(valid));
      expect(followed.status).toBe(303);
      expect(followed.location?.startsWith(`${t.redirectUri}?error=`)).toBe(true);

      for (const record of [
        { ...valid, redirectUri: "https://evil.example.org/benutzerverwaltung/konto" },
        { ...valid, redirectUri: `${t.server.config.publicUrl}/outbox` },
        { ...valid, clientId: "portal-support" },
        { ...valid, clientId: "unknown-client" },
        { ...valid, uid: "another-interaction" },
        { ...valid, responseMode: "form_post" },
      ]) {
        const answer = await postWith(uid, sealed(record));
        expect(answer.status, JSON.stringify(record)).toBe(400);
        expect(answer.location).toBeNull();
        expect(answer.page).toContain(expiredPage);
      }
    });
  });
});
