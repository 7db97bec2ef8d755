import type { OutboxMessage } from "@portal/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { issueSecureAccountToken } from "../activity/secure-account-link.js";
import {
  identityArtifacts,
  persons,
  rememberedDevices,
  securityEvents,
} from "../db/schema/index.js";
import { SESSION_CHECK_MAX_AGE_MS } from "../http/auth.js";
import { formAction, TestBrowser } from "../provider/testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  refreshFails,
  signIn,
  startIdentityServer,
  submitPassword,
} from "../provider/testing/identity-kit.js";
import { passkeyKit } from "../provider/testing/passkey-kit.js";
import { offeredOptions } from "../provider/testing/software-authenticator.js";
import { bearer, confirmedAccount } from "../test-support/api-helpers.js";
import { databases, embedded } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";

// Issue 34, "This wasn't me": the link of a security alert (or the security page) ends every
// sign-in at once, refuses the current password until a reset by mail, mails what happened,
// and records it; of parallel clicks of one link exactly one secures.

const API = "/api/user-management";
const DAY = 24 * 60 * 60 * 1000;

describe.each(databases)("securing an account on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());
  afterEach(() => t.clock.set(new Date()));
  const passkeys = passkeyKit(() => t);

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${t.server.config.publicUrl}${path}`, init);
  const post = (path: string, body?: object, token?: string) =>
    call(path, {
      method: "POST",
      headers: {
        ...(body ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const secureByLink = (secureToken: string) =>
    post(`${API}/persons/secure-account`, { secureToken });
  const mailsTo = async (to: string): Promise<OutboxMessage[]> =>
    (await (
      await call(`/outbox/api/messages?to=${encodeURIComponent(to)}`)
    ).json()) as OutboxMessage[];
  /** The token `name` of the first link of a mail of `template` to `to` whose path ends with `path`. */
  const linkOf = async (to: string, subject: RegExp, path: string, name: string) => {
    const mail = (await mailsTo(to)).find((m) => subject.test(m.subject));
    const link = mail?.links.find((l) => new URL(l).pathname.endsWith(path));
    const value = link && new URL(link).searchParams.get(name);
    if (!value) throw new Error(`no ${path} link to ${to}`);
    return value;
  };
  const personRow = async (id: string) =>
    (await t.db.select().from(persons).where(eq(persons.id, id)))[0];
  const events = async (id: string, kind: string) =>
    t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.personId, id), eq(securityEvents.kind, kind)));
  const artifactsOf = async (id: string) =>
    t.db.select().from(identityArtifacts).where(eq(identityArtifacts.accountId, id));
  const invalid = async (res: Response) => {
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([{ errorCode: "INVALID_OPT_IN", field: "secureToken" }]);
  };
  /** The sign-in page after e-mail and password (the browser stays on the provider). */
  const loginPageAfter = async (email: string, password: string) => {
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const browser = new TestBrowser(t.server.config.publicUrl);
    const page = await submitPassword(browser, request.url, email, password, t.redirectUri);
    return { url: page.url, html: await page.response.text() };
  };

  it("the alert's link ends every sign-in, refuses the current password, mails and records it; a reset lifts it", async () => {
    const person = await createPerson(t.db);
    const { tokens, config } = await signIn(t, person.email);
    expect(await artifactsOf(person.id)).not.toHaveLength(0);
    // A real alert: the password changed (by whoever signed in), with its link.
    const changed = await post(
      `${API}/persons/me/change-password`,
      { oldPassword: PASSWORD, newPassword: "Neues-Wort-77" },
      tokens.access_token,
    );
    expect(changed.status).toBe(204);
    const secureToken = await linkOf(
      person.email,
      /password was changed|Passwort wurde/i,
      "/konto/sichern",
      "token",
    );
    // The intruder's own fresh sign-in with the new password.
    const sessions = await artifactsOf(person.id);
    expect(sessions.length).toBeGreaterThan(0);
    // A browser told "don't ask again" (the intruder's, maybe).
    const now = t.clock.now();
    await t.db.insert(rememberedDevices).values({
      personId: person.id,
      tokenHash: `hash-${person.id}`,
      browser: "Firefox",
      os: "Linux",
      createdAt: now,
      expiresAt: new Date(now.getTime() + 30 * DAY),
      lastUsedAt: now,
    });

    expect((await secureByLink(secureToken)).status).toBe(204);

    // Remembered browsers are forgotten in the same transaction.
    expect(
      await t.db.select().from(rememberedDevices).where(eq(rememberedDevices.personId, person.id)),
    ).toEqual([]);

    // Every session, grant and token of the person is gone; the access token stops too.
    expect(await artifactsOf(person.id)).toEqual([]);
    await refreshFails(config, tokens.refresh_token ?? "");
    // Past the few seconds an open session's answer is kept (SESSION_CHECK_MAX_AGE_MS).
    t.clock.set(new Date(t.clock.now().getTime() + SESSION_CHECK_MAX_AGE_MS + 1));
    expect(
      (
        await call(`${API}/persons/me`, {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        })
      ).status,
    ).toBe(401);
    expect((await personRow(person.id))?.securedAt).toBeInstanceOf(Date);
    expect(await events(person.id, "account-secured")).toHaveLength(1);
    // The reset link and what happened, to the account's address.
    const resetToken = await linkOf(
      person.email,
      /reset|zurücksetzen/i,
      "/passwort-zuruecksetzen",
      "passwordResetToken",
    );
    expect((await mailsTo(person.email)).map((m) => m.subject).join("|")).toMatch(
      /secured|gesichert/i,
    );
    // The link is spent.
    await invalid(await secureByLink(secureToken));

    // The right (new) password is refused with the way out; a wrong one says nothing more.
    const right = await loginPageAfter(person.email, "Neues-Wort-77");
    expect(right.html).toContain('data-qa="login-secured"');
    const wrong = await loginPageAfter(person.email, "Falsches-Wort-1");
    expect(wrong.html).not.toContain('data-qa="login-secured"');
    expect(wrong.html).toContain('data-qa="login-error"');

    // The reset by mail lifts it: the new password signs in.
    const reset = await post(`${API}/persons/reset-password`, {
      passwordResetToken: resetToken,
      newPassword: "Wieder-Meins-88",
    });
    expect(reset.status).toBe(204);
    expect((await personRow(person.id))?.securedAt).toBeNull();
    const after = await loginPageAfter(person.email, "Wieder-Meins-88");
    expect(after.url.startsWith(t.redirectUri)).toBe(true);
  });

  it("of 8 clicks of one link at once exactly one secures; the others answer like a used link", async () => {
    const person = await createPerson(t.db);
    const token = await issueSecureAccountToken(t.db, person.id, person.email, t.clock.now());
    const answers = await Promise.all(Array.from({ length: 8 }, () => secureByLink(token)));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) await invalid(refused);
    expect(await events(person.id, "account-secured")).toHaveLength(1);
    const told = (await mailsTo(person.email)).filter((m) => /secured|gesichert/i.test(m.subject));
    expect(told).toHaveLength(1);
  });

  it("of two links of one person clicked at once, one secures and the other is retired", async () => {
    const person = await createPerson(t.db);
    const now = t.clock.now();
    const first = await issueSecureAccountToken(t.db, person.id, person.email, now);
    const second = await issueSecureAccountToken(t.db, person.id, person.email, now);
    const answers = await Promise.all([secureByLink(first), secureByLink(second)]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 400]);
    expect(await events(person.id, "account-secured")).toHaveLength(1);
  });

  it("an expired, unknown or malformed link answers like every used mail link", async () => {
    const person = await createPerson(t.db);
    const token = await issueSecureAccountToken(t.db, person.id, person.email, t.clock.now());
    t.clock.set(new Date(t.clock.now().getTime() + 7 * DAY + 1000));
    await invalid(await secureByLink(token));
    await invalid(await secureByLink("A".repeat(43)));
    await invalid(await secureByLink("kein token"));
    expect((await personRow(person.id))?.securedAt).toBeNull();
  });

  it("after an e-mail change the link mailed to the old address tells both addresses", async () => {
    const person = await createPerson(t.db);
    const old = person.email;
    const token = await issueSecureAccountToken(t.db, person.id, old, t.clock.now());
    const moved = `moved.${person.id.slice(0, 8)}@example.org`;
    await t.db.update(persons).set({ email: moved }).where(eq(persons.id, person.id));
    expect((await secureByLink(token)).status).toBe(204);
    const toNew = await mailsTo(moved);
    const toOld = await mailsTo(old);
    // The reset goes to the account's address; both hear what happened.
    expect(toNew.some((m) => m.links.some((l) => l.includes("/passwort-zuruecksetzen")))).toBe(
      true,
    );
    expect(toOld.some((m) => m.links.some((l) => l.includes("/passwort-zuruecksetzen")))).toBe(
      false,
    );
    expect(toNew.filter((m) => /secured|gesichert/i.test(m.subject))).toHaveLength(1);
    const previous = toOld.find((m) => /secured|gesichert/i.test(m.subject));
    expect(previous?.text).toContain(moved);
  });

  it("a passkey signs nobody in while the account is secured either", async () => {
    const { person, key } = await passkeys.registered("webauthn-register-passwordless");
    const token = await issueSecureAccountToken(t.db, person.id, person.email, t.clock.now());
    expect((await secureByLink(token)).status).toBe(204);
    const b = passkeys.browser();
    const { page } = await passkeys.loginPage(b);
    const refused = await b.submit(
      formAction(page, "kc-passkey-form"),
      { credential: JSON.stringify(key.get(offeredOptions(page, "kc-passkey-form"))) },
      t.redirectUri,
    );
    expect(refused.url.startsWith(t.redirectUri)).toBe(false);
    expect(await refused.response.text()).toContain('data-qa="login-secured"');
  });

  it("the signed-in person secures from the security page: this session ends too", async () => {
    const person = await createPerson(t.db);
    const { tokens } = await signIn(t, person.email);
    const res = await post(`${API}/persons/me/secure-account`, undefined, tokens.access_token);
    expect(res.status).toBe(204);
    expect(await artifactsOf(person.id)).toEqual([]);
    expect((await personRow(person.id))?.securedAt).toBeInstanceOf(Date);
    expect(await events(person.id, "account-secured")).toHaveLength(1);
    // A passkey or the right password opens nothing now.
    const page = await loginPageAfter(person.email, PASSWORD);
    expect(page.html).toContain('data-qa="login-secured"');
    expect(formAction(page.html, "kc-form-login")).toContain("/login");
  });
});

describe.each(embedded)("the link's confirmation is rate-limited per client on $name", (target) => {
  const server = useTestServer(target, {}, { realRateLimits: true });

  it("answers 429 with retry-after once a client has spent its budget, links known or not", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const secure = () =>
      t.call(`${API}/persons/secure-account`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ secureToken: "B".repeat(43) }),
      });
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await secure()).status);
    expect(new Set(answers)).toEqual(new Set([400]));
    const refused = await secure();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual([{ errorCode: "TOO_MANY_REQUESTS" }]);
    // The security page's button counts against the same budget of the client.
    const signedIn = await t.call(
      `${API}/persons/me/secure-account`,
      bearer(account.token, "POST"),
    );
    expect(signedIn.status).toBe(429);
    expect(await signedIn.json()).toEqual([{ errorCode: "TOO_MANY_REQUESTS" }]);
  });
});
