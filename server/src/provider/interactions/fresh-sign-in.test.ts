import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mfaCredentials } from "../../db/schema/mfa-credentials.js";
import { embedded } from "../../test-support/databases.js";
import { providerTexts } from "../pages/texts.js";
import { formAction } from "../testing/browser.js";
import {
  ageSession as ageSessionOf,
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  redeem,
  signIn,
  startIdentityServer,
} from "../testing/identity-kit.js";

// Issue 18 end to end at the provider: a session signed in more than 5 minutes ago gives
// access tokens with that old auth_time, which the deletion request refuses
// (REAUTHENTICATION_REQUIRED); signing in again (prompt=login, as the app does) gives a
// token with a new auth_time that it accepts. The recovery-code action asks for the
// password again after that time, like every application-initiated action.

describe.each(embedded)("fresh sign-in with the embedded provider on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  const ageSession = (personId: string, seconds: number) => ageSessionOf(t.db, personId, seconds);

  const requestDeletion = (token: string) =>
    fetch(`${t.server.config.publicUrl}/api/user-management/persons/me/request-deletion`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });

  it("refuses a token of an old sign-in, and accepts the one after prompt=login", async () => {
    const person = await createPerson(t.db);
    const { tokens, browser, config } = await signIn(t, person.email);
    await ageSession(person.id, 360);
    // A refreshed token still says when the person signed in.
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? "");
    const old = decodeJwt(refreshed.access_token).auth_time as number;
    expect(Math.floor(Date.now() / 1000) - old).toBeGreaterThanOrEqual(360);
    const refused = await requestDeletion(refreshed.access_token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual([{ errorCode: "REAUTHENTICATION_REQUIRED" }]);

    const again = await authorizationRequest(config, t.redirectUri, {
      prompt: "login",
      login_hint: person.email,
    });
    const page = await (await browser.open(again.url.toString(), t.redirectUri)).response.text();
    // The browser is still signed in: "confirm it's you" for that address (confirm-sign-in.test.ts).
    expect(page).toContain('data-qa="fresh-sign-in-form"');
    expect(page).toContain(`value="${person.email}"`);
    const done = await browser.submit(
      formAction(page, "kc-form-login"),
      { username: person.email, password: PASSWORD },
      t.redirectUri,
    );
    const fresh = await redeem(config, done.url, again);
    expect(decodeJwt(fresh.access_token).auth_time as number).toBeGreaterThan(old + 300);
    expect((await requestDeletion(fresh.access_token)).status).toBe(200);
  });

  it("asks for the password again before new recovery codes after 5 minutes", async () => {
    // No second factor, so the session is made by the password alone; recovery codes then
    // back up nothing, and the action ends with "error" once the password is confirmed.
    const person = await createPerson(t.db);
    const { browser, config } = await signIn(t, person.email);
    await ageSession(person.id, 360);
    const request = await authorizationRequest(config, t.redirectUri, {
      kc_action: "CONFIGURE_RECOVERY_AUTHN_CODES",
    });
    const page = await (await browser.open(request.url.toString(), t.redirectUri)).response.text();
    expect(page).toContain('data-qa="reauth-form"');
    const done = await browser.submit(
      formAction(page, "kc-form-login"),
      { password: PASSWORD },
      t.redirectUri,
    );
    expect(new URL(done.url).searchParams.get("kc_action_status")).toBe("error");
  });

  it("says a wrong password on the password-again page as the password's, at the field", async () => {
    const person = await createPerson(t.db);
    const { browser, config } = await signIn(t, person.email);
    await ageSession(person.id, 360);
    const request = await authorizationRequest(config, t.redirectUri, {
      kc_action: "CONFIGURE_TOTP",
    });
    const page = await (await browser.open(request.url.toString(), t.redirectUri)).response.text();
    // The address as text, as on the fresh sign-in's confirm page (QA2 #4).
    expect(page).toContain(`data-qa="reauth-email">${person.email}</strong>`);
    const refused = await browser.submit(formAction(page, "kc-form-login"), {
      password: "wrong-Passwort1",
    });
    const again = await refused.response.text();
    expect(again).toContain('data-qa="reauth-form"');
    expect(again).toContain('aria-invalid="true" aria-describedby="password-error"');
    expect(again).toContain(
      `id="password-error" class="field__error" role="alert" data-qa="reauth-error">${providerTexts("de", "page").passwordIncorrect}<`,
    );
    expect(again).not.toContain(providerTexts("de", "page").invalidCredentials);
  });

  // The attack of the security review: in the browser of a person whose sign-in is old (an
  // unattended browser, a stolen session cookie), an application-initiated action asks for
  // that person's password. Posting somebody else's own password (or passkey) to the
  // interaction's sign-in steps must neither pass it nor make the old sign-in fresh.
  const staleSessionAction = async () => {
    const victim = await createPerson(t.db);
    const attacker = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const { browser, config } = await signIn(t, victim.email);
    await ageSession(victim.id, 360);
    const request = await authorizationRequest(config, t.redirectUri, {
      kc_action: "CONFIGURE_TOTP",
    });
    const page = await (await browser.open(request.url.toString(), t.redirectUri)).response.text();
    expect(page).toContain('data-qa="reauth-form"');
    const base = formAction(page, "kc-form-login").replace(/\/reauth$/, "");
    return { victim, attacker, browser, config, request, base };
  };
  const factorsOf = (personId: string) =>
    t.db.select().from(mfaCredentials).where(eq(mfaCredentials.personId, personId));

  it("another person's password in an old session's action is not taken: the password-again page stays", async () => {
    const { victim, attacker, browser, config, request, base } = await staleSessionAction();
    for (const password of [PASSWORD, "wrong-Passwort1"]) {
      const posted = await browser.submit(
        `${base}/login`,
        { username: attacker.email, password },
        t.redirectUri,
      );
      const next = await posted.response.text();
      expect(next).toContain('data-qa="reauth-form"');
      expect(next).not.toContain('data-qa="totp-secret"');
      expect(next).not.toContain('id="kc-otp-login-form"');
    }
    // The attacker's own second factor, the recovery code and the set-up: all refused.
    for (const step of ["otp", "recovery-code", "totp"]) {
      await browser.submit(`${base}/${step}`, { otp: "123456", totp: "123456" }, t.redirectUri);
    }
    expect(await factorsOf(victim.id)).toEqual([]);
    // Cancelled: the victim's session comes back as it was, its sign-in still old.
    const page = await (await browser.open(base, t.redirectUri)).response.text();
    expect(page).toContain('data-qa="reauth-form"');
    const done = await browser.submit(`${base}/cancel`, {}, t.redirectUri);
    expect(new URL(done.url).searchParams.get("kc_action_status")).toBe("cancelled");
    const tokens = await redeem(config, done.url, request);
    expect(tokens.claims()?.sub).toBe(victim.id);
    const authTime = decodeJwt(tokens.access_token).auth_time as number;
    expect(Math.floor(Date.now() / 1000) - authTime).toBeGreaterThanOrEqual(360);
    expect((await requestDeletion(tokens.access_token)).status).toBe(401);
  });

  it("the session's own password passes it, and only then is the sign-in fresh", async () => {
    const { victim, browser, config, request, base } = await staleSessionAction();
    const reauth = await browser.submit(`${base}/reauth`, { password: PASSWORD }, t.redirectUri);
    const setUp = await reauth.response.text();
    expect(setUp).toContain('data-qa="totp-secret"');
    const done = await browser.submit(
      formAction(setUp, "kc-totp-settings-form"),
      { "cancel-aia": "true" },
      t.redirectUri,
    );
    const tokens = await redeem(config, done.url, request);
    expect(tokens.claims()?.sub).toBe(victim.id);
    const authTime = decodeJwt(tokens.access_token).auth_time as number;
    expect(Math.floor(Date.now() / 1000) - authTime).toBeLessThan(60);
  });
});
