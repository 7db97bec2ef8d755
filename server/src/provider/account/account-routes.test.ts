import type { AccountDevice, SecurityEventPage } from "@portal/contracts";
import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FREE_FAILURES } from "../../credentials/index.js";
import { outboxMessages, securityEvents } from "../../db/schema/index.js";
import { SESSION_CHECK_MAX_AGE_MS } from "../../http/auth.js";
import { settledAfterReply } from "../../persons/after-reply.js";
import { databases } from "../../test-support/databases.js";
import { formAction, TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  redeem,
  signIn,
  startIdentityServer,
} from "../testing/identity-kit.js";
import type { CredentialContainer } from "./account-credentials.js";

// Issue 18: signed-in devices and credentials at Keycloak's account REST paths, and what
// a sign-in leaves in the activity list (new device: one event and one mail, however
// many sign-ins race).

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

const refreshFails = async (config: oidc.Configuration, refreshToken: string) => {
  const error = await oidc.refreshTokenGrant(config, refreshToken).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(oidc.ResponseBodyError);
  expect((error as oidc.ResponseBodyError).error).toBe("invalid_grant");
};

describe.each(databases)("account REST API and sign-in activity on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  }, 60_000);
  afterAll(() => t?.close());

  const url = (path: string) => `${t.server.config.publicUrl}${path}`;
  const account = (path: string, token: string, init: RequestInit = {}) =>
    fetch(url(`/realms/portal/account${path}`), {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });
  const signInWith = (email: string, ua: string) =>
    signIn(t, email, new TestBrowser(t.server.config.publicUrl, ua));
  const devices = async (token: string) => {
    const res = await account("/sessions/devices", token);
    expect(res.status).toBe(200);
    return (await res.json()) as AccountDevice[];
  };
  const activity = async (token: string) => {
    const res = await fetch(url("/api/user-management/persons/me/activity"), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as SecurityEventPage;
  };
  const eventsOf = (personId: string, kind: string) =>
    t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.personId, personId), eq(securityEvents.kind, kind)));
  const alertsTo = async (email: string) => {
    await settledAfterReply();
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
    return mails.filter((m) => m.template === "newDeviceAlert");
  };

  it("lists each session with browser, system, shortened address and the current one marked", async () => {
    const person = await createPerson(t.db);
    const firefox = await signInWith(person.email, FIREFOX);
    const chrome = await signInWith(person.email, CHROME);
    const list = await devices(firefox.tokens.access_token);
    const sessions = list.flatMap((d) => d.sessions.map((s) => ({ ...s, os: d.os })));
    expect(sessions).toHaveLength(2);
    const own = sessions.find((s) => s.current);
    // Keycloak's "name/version" (issue 29: the version tells alike sessions apart).
    expect(own).toMatchObject({ browser: "Firefox/133", os: "Linux", ipAddress: "127.0.0.x" });
    expect(own?.id).toBe(decodeJwt(firefox.tokens.access_token).sid);
    const other = sessions.find((s) => !s.current);
    expect(other).toMatchObject({
      browser: expect.stringMatching(/^Chrome\/\d+$/),
      os: "Windows",
      current: false,
    });
    const now = Date.now() / 1000;
    for (const s of sessions) {
      expect(s.started).toBeGreaterThan(now - 120);
      expect(s.lastAccess).toBeGreaterThanOrEqual(s.started);
      expect(s.expires).toBeGreaterThan(now);
      expect(s.clients.map((c) => c.clientId)).toEqual(["benutzerverwaltung"]);
    }
    expect(list.find((d) => d.current)?.browser).toBe("Firefox/133");
    expect(chrome.tokens.refresh_token).toBeTruthy();
  });

  it("signs out one session: its refresh token stops working, the caller's keeps working", async () => {
    const person = await createPerson(t.db);
    const mine = await signInWith(person.email, FIREFOX);
    const theirs = await signInWith(person.email, CHROME);
    const theirSid = String(decodeJwt(theirs.tokens.access_token).sid);
    const res = await account(
      `/sessions/${encodeURIComponent(theirSid)}`,
      mine.tokens.access_token,
      {
        method: "DELETE",
      },
    );
    expect(res.status).toBe(204);
    await refreshFails(theirs.config, theirs.tokens.refresh_token ?? "");
    const renewed = await oidc.refreshTokenGrant(mine.config, mine.tokens.refresh_token ?? "");
    expect(renewed.access_token).toBeTruthy();
    const left = (await devices(renewed.access_token)).flatMap((d) => d.sessions);
    expect(left.map((s) => s.current)).toEqual([true]);
    // Its access token is refused by the API too, once the session check asks again.
    t.clock.advance(SESSION_CHECK_MAX_AGE_MS + 1);
    const api = await fetch(url("/api/user-management/persons/me"), {
      headers: { authorization: `Bearer ${theirs.tokens.access_token}` },
    });
    expect(api.status).toBe(401);
  });

  it("signs out all other sessions (Keycloak's DELETE /sessions), never another person's", async () => {
    const person = await createPerson(t.db);
    const stranger = await createPerson(t.db);
    const mine = await signInWith(person.email, FIREFOX);
    const second = await signInWith(person.email, CHROME);
    const third = await signInWith(person.email, SAFARI);
    const foreign = await signInWith(stranger.email, FIREFOX);
    // Someone else's session id: nothing happens.
    const foreignSid = String(decodeJwt(foreign.tokens.access_token).sid);
    const refused = await account(
      `/sessions/${encodeURIComponent(foreignSid)}`,
      mine.tokens.access_token,
      {
        method: "DELETE",
      },
    );
    expect(refused.status).toBe(204);
    expect(
      (await oidc.refreshTokenGrant(foreign.config, foreign.tokens.refresh_token ?? ""))
        .access_token,
    ).toBeTruthy();
    const res = await account("/sessions", mine.tokens.access_token, { method: "DELETE" });
    expect(res.status).toBe(204);
    await refreshFails(second.config, second.tokens.refresh_token ?? "");
    await refreshFails(third.config, third.tokens.refresh_token ?? "");
    const renewed = await oidc.refreshTokenGrant(mine.config, mine.tokens.refresh_token ?? "");
    expect((await devices(renewed.access_token)).flatMap((d) => d.sessions)).toHaveLength(1);
  });

  it("lists the credential types in Keycloak's shape with the person's credentials", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const { tokens } = await signInWithCode(person.email, person.secret ?? "");
    const res = await account("/credentials", tokens.access_token);
    expect(res.status).toBe(200);
    const containers = (await res.json()) as CredentialContainer[];
    expect(containers.map((c) => c.type)).toEqual([
      "password",
      "otp",
      "email-otp",
      "webauthn",
      "webauthn-passwordless",
      "recovery-authn-codes",
    ]);
    const byType = new Map(containers.map((c) => [c.type, c]));
    expect(byType.get("password")).toMatchObject({
      category: "basic-authentication",
      removeable: false,
      updateAction: "UPDATE_PASSWORD",
    });
    expect(byType.get("password")?.userCredentialMetadatas).toHaveLength(1);
    expect(byType.get("otp")?.userCredentialMetadatas[0]?.credential.type).toBe("otp");
    expect(byType.get("webauthn-passwordless")).toMatchObject({
      category: "passwordless",
      createAction: "webauthn-register-passwordless",
      userCredentialMetadatas: [],
    });
  });

  it("answers 401 without a token and CORS only for the app's origin", async () => {
    expect((await fetch(url("/realms/portal/account/sessions/devices"))).status).toBe(401);
    expect((await fetch(url("/realms/portal/account/credentials"))).status).toBe(401);
    const origin = new URL(t.server.config.publicUrl).origin;
    const preflight = await fetch(url("/realms/portal/account/sessions/devices"), {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
    const evil = await fetch(url("/realms/portal/account/sessions/devices"), {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    });
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("records sign-ins and failed attempts; a second browser is a new device, alerted once", async () => {
    const person = await createPerson(t.db);
    const first = await signInWithWrongPasswordThenRight(person.email, FIREFOX);
    expect(await alertsTo(person.email)).toHaveLength(0);
    await signInWith(person.email, CHROME);
    await signInWith(person.email, CHROME);
    const page = await activity(first.tokens.access_token);
    expect(page.events.map((e) => e.kind)).toEqual([
      "sign-in",
      "new-device",
      "sign-in",
      "sign-in",
      "sign-in-failed",
    ]);
    expect(page.events[1]).toMatchObject({
      browser: "Chrome",
      os: "Windows",
      address: "127.0.0.x",
    });
    const alerts = await alertsTo(person.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain("Chrome unter Windows, 127.0.0.x");
  });

  // As many parallel sign-ins as the brute-force guard lets through at once: each password
  // check reserves an attempt first, so more would be told to wait (brute-force.test.ts).
  it(`of ${FREE_FAILURES} parallel sign-ins from a new device, one records it and one alert goes out`, async () => {
    const person = await createPerson(t.db);
    await signInWith(person.email, FIREFOX);
    const results = await Promise.all(
      Array.from({ length: FREE_FAILURES }, () => signInWith(person.email, SAFARI)),
    );
    expect(results.every((r) => r.tokens.access_token)).toBe(true);
    expect(await eventsOf(person.id, "new-device")).toHaveLength(1);
    expect(await eventsOf(person.id, "sign-in")).toHaveLength(FREE_FAILURES + 1);
    expect(await alertsTo(person.email)).toHaveLength(1);
  });

  // Password first (a wrong one, then the right one) in one browser.
  const signInWithWrongPasswordThenRight = async (email: string, ua: string) => {
    const browser = new TestBrowser(t.server.config.publicUrl, ua);
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const login = await browser.open(request.url.toString(), t.redirectUri);
    const page = await login.response.text();
    const wrong = await browser.submit(
      formAction(page, "kc-form-login"),
      { username: email, password: "Falsch-123" },
      t.redirectUri,
    );
    const again = await wrong.response.text();
    expect(again).toContain('data-qa="login-error"');
    return signIn(t, email, browser);
  };

  // Password, then the app's code.
  const signInWithCode = async (email: string, secret: string) => {
    const { TOTP, Secret } = await import("otpauth");
    const browser = new TestBrowser(t.server.config.publicUrl, FIREFOX);
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const login = await browser.open(request.url.toString(), t.redirectUri);
    const next = await browser.submit(
      formAction(await login.response.text(), "kc-form-login"),
      { username: email, password: "Sommer-Wiese42" },
      t.redirectUri,
    );
    const otp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const done = await browser.submit(
      formAction(await next.response.text(), "kc-otp-login-form"),
      { otp },
      t.redirectUri,
    );
    const tokens = await redeem(config, done.url, request);
    return { tokens };
  };
});
