import type { SuspendedFactors } from "@portal/contracts";
import { FRESH_SIGN_IN_SECONDS } from "@portal/core";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { issueSecureAccountToken } from "../../activity/secure-account-link.js";
import { mfaCredentials } from "../../db/schema/mfa-credentials.js";
import { outboxMessages } from "../../db/schema/outbox.js";
import { passkeys as passkeyTable } from "../../db/schema/passkeys.js";
import { securityEvents } from "../../db/schema/security-events.js";
import { FIREFOX_ON_LINUX, formAction, TestBrowser } from "../../provider/testing/browser.js";
import {
  authorizationRequest,
  type IdentityServer,
  redeem,
  startIdentityServer,
  submitPassword,
} from "../../provider/testing/identity-kit.js";
import { passkeyKit } from "../../provider/testing/passkey-kit.js";
import { offeredOptions } from "../../provider/testing/software-authenticator.js";
import { API, bearer, confirmedAccount } from "../../test-support/api-helpers.js";
import { databases, embedded } from "../../test-support/databases.js";
import { useTestServer } from "../../test-support/use-test-server.js";
import { newTotpSecret } from "../totp.js";

// Issue 46: "This wasn't me" suspends every second factor and passkey, so an intruder's
// passkey signs nobody in after the reset and an intruder's app stands between nobody and
// the account: the owner signs in with the new password and a mailed code, then keeps or
// removes each suspended factor.

const NEW_PASSWORD = "Wieder-Meins-88";

describe.each(databases)("suspended factors on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());
  afterEach(() => t.clock.set(new Date()));
  const kit = passkeyKit(() => t);

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${t.server.config.publicUrl}${path}`, init);
  const secureByLink = (secureToken: string) =>
    call(`${API}/persons/secure-account`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ secureToken }),
    });
  const latestMail = async (email: string, template: string) => {
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, email), eq(outboxMessages.template, template)))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    if (!mail) throw new Error(`no ${template} mail to ${email}`);
    return mail;
  };
  const resetPassword = async (email: string) => {
    const mail = await latestMail(email, "passwordReset");
    const link = mail.links.find((l) => l.includes("/passwort-zuruecksetzen")) ?? "";
    const passwordResetToken = new URL(link).searchParams.get("passwordResetToken");
    // The reset page learns that the sign-in after it asks for a mailed code.
    const check = await call(`${API}/persons/check-password-reset-token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ passwordResetToken }),
    });
    expect(await check.json()).toEqual({ valid: true, factorsPaused: true });
    const res = await call(`${API}/persons/reset-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ passwordResetToken, newPassword: NEW_PASSWORD }),
    });
    expect(res.status).toBe(204);
  };
  /** The owner's sign-in with the new password: the step after it, and how to finish. */
  const ownerSignIn = async (email: string) => {
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const b = new TestBrowser(t.server.config.publicUrl, FIREFOX_ON_LINUX);
    const next = await submitPassword(b, request.url, email, NEW_PASSWORD, t.redirectUri);
    const page = await next.response.text();
    const finish = async (otp: string) => {
      const done = await b.submit(formAction(page, "kc-otp-login-form"), { otp }, t.redirectUri);
      expect(done.url.startsWith(t.redirectUri)).toBe(true);
      return redeem(config, done.url, request);
    };
    return { page, finish };
  };
  const mailedCode = async (email: string) =>
    /(\d{6})/.exec((await latestMail(email, "loginCode")).text)?.[1] ?? "";
  const listed = async (token: string) =>
    (await (
      await call(`${API}/persons/me/suspended-factors`, bearer(token))
    ).json()) as SuspendedFactors;
  const keep = (token: string, id: string) =>
    call(`${API}/persons/me/suspended-factors/${id}/keep`, bearer(token, "POST"));

  it("after securing and the reset, the owner signs in with a mailed code and the intruder's passkey is refused", async () => {
    // The intruder, with the password, added a passkey and an authenticator app.
    const { person, key } = await kit.registered("webauthn-register-passwordless", "Intruder");
    const secret = newTotpSecret();
    await t.db.insert(mfaCredentials).values({
      personId: person.id,
      type: "AUTHENTICATOR_APP",
      secret,
      createdFrom: { browser: "Opera", os: "Windows" },
    });
    const link = await issueSecureAccountToken(t.db, person.id, person.email, t.clock.now());
    expect((await secureByLink(link)).status).toBe(204);
    expect((await latestMail(person.email, "accountSecured")).text).toMatch(/paused|pausiert/);
    await resetPassword(person.email);

    // The passkey is refused with the way in, after the reset too.
    const b = kit.browser();
    const { page } = await kit.loginPage(b);
    const refused = await b.submit(
      formAction(page, "kc-passkey-form"),
      { credential: JSON.stringify(key.get(offeredOptions(page, "kc-passkey-form"))) },
      t.redirectUri,
    );
    expect(refused.url.startsWith(t.redirectUri)).toBe(false);
    expect(await refused.response.text()).toContain('data-qa="passkey-suspended"');

    // The owner: new password, then a mailed code (not the intruder's app), saying why.
    const owner = await ownerSignIn(person.email);
    expect(owner.page).toContain('data-qa="suspended-factors-code"');
    expect(owner.page).not.toContain("kc-passkey-form");
    const tokens = await owner.finish(await mailedCode(person.email));

    // The review lists both, with where they were set up; neither counts as in use.
    const factors = await listed(tokens.access_token);
    expect(factors.map((f) => f.kind).sort()).toEqual(["AUTHENTICATOR_APP", "PASSKEY"]);
    expect(factors.find((f) => f.kind === "AUTHENTICATOR_APP")?.createdFrom).toEqual({
      browser: "Opera",
      os: "Windows",
    });
    expect(factors.find((f) => f.kind === "PASSKEY")?.name).toBe("Intruder");
    const inUse = await (
      await call(`${API}/persons/me/credentials`, bearer(tokens.access_token))
    ).json();
    expect(inUse).toEqual([]);
    const keys = await (
      await call(`${API}/persons/me/passkeys`, bearer(tokens.access_token))
    ).json();
    expect(keys).toEqual([]);
  });

  it("a kept factor signs in again; of 8 keeps at once one succeeds, the others find nothing", async () => {
    const { person } = await kit.registered("webauthn-register-passwordless", "Mine");
    const secret = newTotpSecret();
    await t.db
      .insert(mfaCredentials)
      .values({ personId: person.id, type: "AUTHENTICATOR_APP", secret });
    const link = await issueSecureAccountToken(t.db, person.id, person.email, t.clock.now());
    expect((await secureByLink(link)).status).toBe(204);
    await resetPassword(person.email);
    const owner = await ownerSignIn(person.email);
    const tokens = await owner.finish(await mailedCode(person.email));
    const app = (await listed(tokens.access_token)).find((f) => f.kind === "AUTHENTICATOR_APP");
    if (!app) throw new Error("app not suspended");

    const answers = await Promise.all(
      Array.from({ length: 8 }, () => keep(tokens.access_token, app.id)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([204, 404, 404, 404, 404, 404, 404, 404]);
    const kept = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.personId, person.id), eq(securityEvents.kind, "factor-kept")));
    expect(kept.map((e) => e.details.factor)).toEqual(["AUTHENTICATOR_APP"]);
    expect((await listed(tokens.access_token)).map((f) => f.kind)).toEqual(["PASSKEY"]);

    // The kept app is the second factor again: its code is asked for, not a mailed one.
    const again = await ownerSignIn(person.email);
    expect(again.page).toContain('autocomplete="one-time-code"');
    expect(again.page).not.toContain('data-qa="suspended-factors-code"');
    // No "send a new code": the app's code, not a mailed one.
    expect(again.page).not.toContain('data-qa="otp-resend"');
    const [row] = await t.db
      .select()
      .from(passkeyTable)
      .where(eq(passkeyTable.personId, person.id));
    expect(row?.suspendedAt).toBeInstanceOf(Date);
  });
});

describe.each(embedded)("keeping a suspended factor on $name", (target) => {
  const server = useTestServer(target);

  it("needs a sign-in of the last 5 minutes, and answers 404 for what is not the person's or not suspended", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const db = t.server.database.db;
    const [factor] = await db
      .insert(mfaCredentials)
      .values({ personId: a.id, type: "EMAIL", suspendedAt: new Date() })
      .returning();
    if (!factor) throw new Error("no factor");
    const signedInAgo = (id: string, seconds: number) =>
      t.issuer.sign({
        sub: id,
        cr_id: id,
        sid: `session-${id}`,
        auth_time: Math.floor(Date.now() / 1000) - seconds,
      });
    const old = await signedInAgo(a.id, FRESH_SIGN_IN_SECONDS + 60);
    const stale = await t.call(
      `${API}/persons/me/suspended-factors/${factor.id}/keep`,
      bearer(old, "POST"),
    );
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual([{ errorCode: "REAUTHENTICATION_REQUIRED" }]);

    const other = await confirmedAccount(t);
    const notTheirs = await t.call(
      `${API}/persons/me/suspended-factors/${factor.id}/keep`,
      bearer(await signedInAgo(other.id, 10), "POST"),
    );
    expect(notTheirs.status).toBe(404);
    expect(await notTheirs.json()).toEqual([{ errorCode: "NOT_FOUND" }]);
    const malformed = await t.call(
      `${API}/persons/me/suspended-factors/not-an-id/keep`,
      bearer(await signedInAgo(a.id, 10), "POST"),
    );
    expect(malformed.status).toBe(404);
    const [still] = await db.select().from(mfaCredentials).where(eq(mfaCredentials.id, factor.id));
    expect(still?.suspendedAt).toBeInstanceOf(Date);
  });
});
