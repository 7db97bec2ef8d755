import type { PersonExport, RememberedDevices, SecurityEventPage } from "@portal/contracts";
import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  mfaCredentials,
  outboxMessages,
  persons,
  rememberedDevices,
} from "../../db/schema/index.js";
import { settledAfterReply } from "../../persons/after-reply.js";
import { rememberedDeviceCookie } from "../../provider/index.js";
import { FIREFOX_ON_LINUX, formAction, TestBrowser } from "../../provider/testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  redeem,
  startIdentityServer,
  submitPassword,
} from "../../provider/testing/identity-kit.js";
import { databases } from "../../test-support/databases.js";
import { FREE_FAILURES } from "../brute-force.js";
import { REMEMBER_DEVICE_SECONDS } from "./remembered-devices.js";

// Issue 34: "Don't ask again on this device for 30 days" on the second-factor step. A
// cookie (random value, keyed hash at rest) that skips the second factor only after the
// same person's right password, listed and revoked on the security page, revoked by a
// password change and by removing a factor; on both databases, with parallel sign-ins
// and revocations.

const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PARALLEL = 6;
// One person's sign-ins in flight at once: ../brute-force.ts lets that many be checked
// before the first is counted (more would be told to wait, by design).
const PARALLEL_SIGN_INS = FREE_FAILURES + 1;

const codeOf = (secret: string, now: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: now.getTime(),
  });

describe.each(databases)("remembered devices on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  }, 60_000);
  afterAll(() => t?.close());

  const api = (path: string, token: string, method = "GET", body?: unknown) =>
    fetch(`${t.server.config.publicUrl}/api/user-management/persons/me${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const listOf = async (token: string) => {
    const res = await api("/remembered-devices", token);
    expect(res.status).toBe(200);
    return (await res.json()) as RememberedDevices;
  };
  const rowsOf = (personId: string) =>
    t.db.select().from(rememberedDevices).where(eq(rememberedDevices.personId, personId));

  /** The password step of a new sign-in: the page it leads to (a second factor or the app). */
  const passwordStep = async (b: TestBrowser, email: string, password = PASSWORD) => {
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const next = await submitPassword(b, request.url, email, password, t.redirectUri);
    const asked = !next.url.startsWith(t.redirectUri);
    // Asked means the second-factor page, nothing else (a refusal would fail here).
    if (asked)
      expect(await next.response.clone().text()).toMatch(/name="otp"|data-qa="login-error"/);
    return { config, request, next, asked };
  };

  /** A sign-in with the app code, the box ticked or not; the tokens and the Set-Cookie lines. */
  const signInWithCode = async (
    b: TestBrowser,
    person: { email: string; secret: string | null },
    remember: boolean,
  ) => {
    const { config, request, next, asked } = await passwordStep(b, person.email);
    expect(asked).toBe(true);
    const page = await next.response.text();
    expect(page).toContain('name="rememberDevice"');
    const posted = await b.request(formAction(page, "kc-otp-login-form"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        otp: codeOf(person.secret ?? "", t.clock.now()),
        ...(remember ? { rememberDevice: "true" } : {}),
      }).toString(),
    });
    expect(posted.status).toBe(303);
    const done = await b.open(
      new URL(posted.headers.get("location") ?? "", t.server.config.publicUrl).href,
      t.redirectUri,
    );
    const tokens = await redeem(config, done.url, request);
    return { tokens, setCookies: posted.headers.getSetCookie() };
  };

  /** A sign-in expected to skip the second factor; its tokens. */
  const signInRemembered = async (b: TestBrowser, email: string) => {
    const { config, request, next, asked } = await passwordStep(b, email);
    expect(asked).toBe(false);
    return redeem(config, next.url, request);
  };

  const rememberedBrowser = async (userAgent = FIREFOX_ON_LINUX) => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const b = new TestBrowser(t.server.config.publicUrl, userAgent);
    const first = await signInWithCode(b, person, true);
    b.restart();
    return { person, b, first };
  };

  it("sets an HttpOnly, Lax, provider-path cookie for 30 days and keeps only a keyed hash", async () => {
    const { person, b, first } = await rememberedBrowser();
    const name = rememberedDeviceCookie(person.id);
    const line = first.setCookies.find((l) => l.startsWith(`${name}=`));
    expect(line).toBeDefined();
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Lax");
    expect(line).toContain("Path=/realms/portal;");
    expect(line).toContain(`Max-Age=${REMEMBER_DEVICE_SECONDS}`);
    // http in tests: not Secure (it is on https, where request.protocol says so).
    expect(line).not.toContain("Secure");
    const value = b.cookie(name) ?? "";
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await rowsOf(person.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(value);
    expect(rows[0]).toMatchObject({ browser: "Firefox", os: "Linux" });
    const days =
      ((rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0)) / 864e5;
    expect(days).toBe(30);
    const list = await listOf(first.tokens.access_token);
    expect(list).toEqual([
      expect.objectContaining({ id: rows[0]?.id, browser: "Firefox", os: "Linux" }),
    ]);
  });

  it("without the box ticked nothing is remembered and the next sign-in asks again", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const b = new TestBrowser(t.server.config.publicUrl, FIREFOX_ON_LINUX);
    const first = await signInWithCode(b, person, false);
    expect(first.setCookies.some((l) => l.startsWith("PORTAL_REMEMBERED_DEVICE_"))).toBe(false);
    expect(await rowsOf(person.id)).toEqual([]);
    b.restart();
    expect((await passwordStep(b, person.email)).asked).toBe(true);
  });

  it("after a browser restart skips the second factor after the right password, and says so", async () => {
    const { person, b } = await rememberedBrowser();
    const tokens = await signInRemembered(b, person.email);
    const page = (await (await api("/activity", tokens.access_token)).json()) as SecurityEventPage;
    expect(page.events[0]).toMatchObject({ kind: "sign-in", factor: "remembered-device" });
    expect(page.events[1]).toMatchObject({ kind: "sign-in" });
    expect(page.events[1]?.factor).toBeUndefined();
    const [row] = await rowsOf(person.id);
    expect(row?.lastUsedAt.getTime()).toBeGreaterThan(row?.createdAt.getTime() ?? 0);
  });

  it("never skips the password, and never another person's second factor", async () => {
    const { person, b } = await rememberedBrowser();
    // A wrong password with the cookie: refused like any other.
    const wrong = await passwordStep(b, person.email, "Falsch-Passwort99");
    expect(wrong.next.url.startsWith(t.redirectUri)).toBe(false);
    expect(await wrong.next.response.text()).toContain('data-qa="login-error"');
    // Somebody else signing in on the same browser: their own factor is asked, also
    // when the value is copied under their cookie's name (and that copy is cleared).
    const other = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    b.setCookie(
      rememberedDeviceCookie(other.id),
      b.cookie(rememberedDeviceCookie(person.id)) ?? "",
    );
    expect((await passwordStep(b, other.email)).asked).toBe(true);
    expect(b.cookie(rememberedDeviceCookie(other.id))).toBeUndefined();
    // The owner's own cookie still works.
    b.restart();
    await signInRemembered(b, person.email);
  });

  it("is bound to the browser: the value carried to another browser and system is not that device", async () => {
    const { person, b } = await rememberedBrowser();
    const name = rememberedDeviceCookie(person.id);
    const elsewhere = new TestBrowser(t.server.config.publicUrl, CHROME_ON_WINDOWS);
    elsewhere.setCookie(name, b.cookie(name) ?? "");
    expect((await passwordStep(elsewhere, person.email)).asked).toBe(true);
    expect(elsewhere.cookie(name)).toBeUndefined();
  });

  it("expires after 30 days: asked again, the cookie cleared", async () => {
    const { person, b } = await rememberedBrowser();
    const name = rememberedDeviceCookie(person.id);
    try {
      t.clock.advance(REMEMBER_DEVICE_SECONDS * 1000 - 60_000);
      await signInRemembered(b, person.email);
      b.restart();
      t.clock.advance(60_000);
      expect((await passwordStep(b, person.email)).asked).toBe(true);
      expect(b.cookie(name)).toBeUndefined();
    } finally {
      t.clock.set(new Date());
    }
  });

  it("revokes one and all from the security page; never another person's", async () => {
    const { person, b, first } = await rememberedBrowser();
    const token = first.tokens.access_token;
    const stranger = await rememberedBrowser();
    const [strangerRow] = await rowsOf(stranger.person.id);
    // Someone else's id and one that is no id: 204 and nothing changes.
    expect((await api(`/remembered-devices/${strangerRow?.id}`, token, "DELETE")).status).toBe(204);
    expect((await api("/remembered-devices/not-an-id", token, "DELETE")).status).toBe(204);
    expect(await rowsOf(stranger.person.id)).toHaveLength(1);
    const [own] = await listOf(token);
    expect((await api(`/remembered-devices/${own?.id}`, token, "DELETE")).status).toBe(204);
    expect((await passwordStep(b, person.email)).asked).toBe(true);
    b.restart();
    // All at once.
    const strangerToken = (await signInRemembered(stranger.b, stranger.person.email)).access_token;
    expect((await api("/remembered-devices", strangerToken, "DELETE")).status).toBe(204);
    expect(await listOf(strangerToken)).toEqual([]);
    stranger.b.restart();
    expect((await passwordStep(stranger.b, stranger.person.email)).asked).toBe(true);
  });

  // Issue 46: "remembered browsers carry no 'this device' mark". The API's list cannot see
  // the cookie (it lives on the provider's path); the account REST beside it can.
  it("tells the security page which remembered browser is asking, and no other's", async () => {
    const { b, first } = await rememberedBrowser();
    const token = first.tokens.access_token;
    const [own] = await listOf(token);
    const ask = async (browser: TestBrowser) => {
      const res = await browser.request(`${t.issuer}/account/remembered-device`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return res.json();
    };
    expect(await ask(b)).toEqual({ id: own?.id });
    expect(await ask(new TestBrowser(t.server.config.publicUrl, FIREFOX_ON_LINUX))).toEqual({
      id: null,
    });
    // Forgotten: no longer this device.
    await api(`/remembered-devices/${own?.id}`, token, "DELETE");
    expect(await ask(b)).toEqual({ id: null });
  });

  it("a password change revokes every remembered device in the same transaction", async () => {
    const { person, b, first } = await rememberedBrowser();
    const res = await api("/change-password", first.tokens.access_token, "POST", {
      oldPassword: PASSWORD,
      newPassword: "Winter-Garten73!",
    });
    expect(res.status).toBe(204);
    expect(await rowsOf(person.id)).toEqual([]);
    expect((await passwordStep(b, person.email, "Winter-Garten73!")).asked).toBe(true);
  });

  it("a password reset by mail revokes every remembered device in the same transaction", async () => {
    const { person, b } = await rememberedBrowser();
    const base = `${t.server.config.publicUrl}/api/user-management/persons`;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post("/request-password-reset-mail", { email: person.email })).status).toBe(202);
    await settledAfterReply();
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, person.email));
    const token = new URL(mail?.links[0] ?? "http://x/").searchParams.get("passwordResetToken");
    expect(token).toBeTruthy();
    const res = await post("/reset-password", {
      passwordResetToken: token,
      newPassword: "Winter-Garten73!",
    });
    expect(res.status).toBe(204);
    expect(await rowsOf(person.id)).toEqual([]);
    expect((await passwordStep(b, person.email, "Winter-Garten73!")).asked).toBe(true);
  });

  it("removing the second factor revokes them; the factor and the rows go together", async () => {
    const { person, b } = await rememberedBrowser();
    const tokens = await signInRemembered(b, person.email);
    expect(tokens.access_token).toBeTruthy();
    const [credential] = await t.db
      .select()
      .from(mfaCredentials)
      .where(eq(mfaCredentials.personId, person.id));
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri, {
      kc_action: `delete_credential:${credential?.id}`,
    });
    const ask = await b.open(request.url.toString(), t.redirectUri);
    const removed = await b.submit(
      formAction(await ask.response.text(), "kc-delete-credential-form"),
      { accept: "true" },
      t.redirectUri,
    );
    expect(new URL(removed.url).searchParams.get("kc_action_status")).toBe("success");
    expect(await rowsOf(person.id)).toEqual([]);
  });

  it(`${PARALLEL_SIGN_INS} parallel sign-ins with the same cookie all skip the second factor`, async () => {
    // A new minute of the per-client limit on sign-in form posts (the clock, not a wait).
    t.clock.advance(61_000);
    const { person, b } = await rememberedBrowser();
    const value = b.cookie(rememberedDeviceCookie(person.id)) ?? "";
    const browsers = Array.from({ length: PARALLEL_SIGN_INS }, () => {
      const copy = new TestBrowser(t.server.config.publicUrl, FIREFOX_ON_LINUX);
      copy.setCookie(rememberedDeviceCookie(person.id), value);
      return copy;
    });
    const results = await Promise.all(browsers.map((c) => passwordStep(c, person.email)));
    expect(results.map((r) => r.asked)).toEqual(browsers.map(() => false));
    expect(await rowsOf(person.id)).toHaveLength(1);
  });

  it("revocations racing sign-ins: once revoked, no sign-in skips; parallel revokes all answer 204", async () => {
    // A new minute of the per-client limit on sign-in form posts (the clock, not a wait).
    t.clock.advance(61_000);
    const { person, b, first } = await rememberedBrowser();
    const name = rememberedDeviceCookie(person.id);
    const value = b.cookie(name) ?? "";
    const [row] = await rowsOf(person.id);
    const token = first.tokens.access_token;
    const copies = Array.from({ length: PARALLEL_SIGN_INS }, () => {
      const copy = new TestBrowser(t.server.config.publicUrl, FIREFOX_ON_LINUX);
      copy.setCookie(name, value);
      return copy;
    });
    const revokes = await Promise.all([
      ...Array.from({ length: PARALLEL }, (_, i) =>
        api(i % 2 ? `/remembered-devices/${row?.id}` : "/remembered-devices", token, "DELETE"),
      ),
      ...copies.map((c) => passwordStep(c, person.email)),
    ]);
    for (const r of revokes.slice(0, PARALLEL)) expect((r as Response).status).toBe(204);
    expect(await rowsOf(person.id)).toEqual([]);
    // After the revocations every browser with the value is asked again.
    const after = await Promise.all(
      Array.from({ length: PARALLEL_SIGN_INS }, () => {
        const copy = new TestBrowser(t.server.config.publicUrl, FIREFOX_ON_LINUX);
        copy.setCookie(name, value);
        return passwordStep(copy, person.email);
      }),
    );
    expect(after.map((r) => r.asked)).toEqual(after.map(() => true));
  });

  it("the data export lists them, without the value or its hash", async () => {
    const { person, first } = await rememberedBrowser();
    const res = await api("/export", first.tokens.access_token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PersonExport;
    const [row] = await rowsOf(person.id);
    expect(body.rememberedDevices).toEqual([
      {
        id: row?.id,
        browser: "Firefox",
        os: "Linux",
        createdAt: row?.createdAt.toISOString(),
        lastUsedAt: row?.lastUsedAt.toISOString(),
        expiresAt: row?.expiresAt.toISOString(),
      },
    ]);
    expect(JSON.stringify(body)).not.toContain(row?.tokenHash ?? "-");
  });

  it("goes with the account: deleting the person leaves no row", async () => {
    const { person } = await rememberedBrowser();
    await t.db.delete(persons).where(eq(persons.id, person.id));
    expect(
      await t.db
        .select()
        .from(rememberedDevices)
        .where(and(eq(rememberedDevices.personId, person.id))),
    ).toEqual([]);
  });
});
