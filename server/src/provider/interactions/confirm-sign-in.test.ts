import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedded } from "../../test-support/databases.js";
import { escapeHtml } from "../pages/html.js";
import { providerTexts } from "../pages/texts.js";
import { formAction, TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  redeem,
  signIn,
  startIdentityServer,
} from "../testing/identity-kit.js";
import { offeredOptions, SoftwareAuthenticator } from "../testing/software-authenticator.js";

// QA #4: the fresh sign-in the app asks for before a sensitive change (prompt=login with
// login_hint) in a browser still signed in shows "confirm it's you" for that person (their
// address fixed, the password, their passwordless passkeys, a way to sign in as somebody
// else, no registration), then the second factor as usual. Without such a session, or for
// somebody else, the ordinary sign-in page stays.

const de = providerTexts("de", "page");

/** The authenticator app's code, `offsetSteps` time steps from now. */
const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

describe.each(embedded)("the fresh sign-in's confirm page on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  /** A prompt=login request in `browser` (with `extra` parameters); its page and request. */
  const freshSignIn = async (browser: TestBrowser, extra: Record<string, string> = {}) => {
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri, {
      prompt: "login",
      ...extra,
    });
    const opened = await browser.open(request.url.toString(), t.redirectUri);
    return { config, request, page: await opened.response.text() };
  };

  /** The confirm page of `email`: the address fixed, no registration offer. */
  const expectConfirmPage = (page: string, email: string) => {
    expect(page).toContain(
      `<h1 id="kc-page-title" class="page-card__title">${de.freshSignInTitle}</h1>`,
    );
    expect(page).toContain(`<p>${de.freshSignInIntro}</p>`);
    expect(page).toContain(`data-qa="fresh-sign-in-email">${email}</strong>`);
    // Posted along, not typed: the only `username` is hidden.
    expect(page).toMatch(
      new RegExp(
        `<input id="username" name="username" type="email" autocomplete="username" value="${email}" readonly hidden>`,
      ),
    );
    expect(page).not.toContain('data-qa="login-username"');
    expect(page).not.toContain('data-qa="login-register"');
    expect(page).not.toContain('data-qa="other-nav-sign-up"');
    expect(page).toContain('data-qa="fresh-sign-in-other-account"');
  };

  it("asks the session's person for the password again; the sign-in is fresh after it", async () => {
    const person = await createPerson(t.db);
    const { browser } = await signIn(t, person.email);
    const { config, request, page } = await freshSignIn(browser, { login_hint: person.email });
    expectConfirmPage(page, person.email);
    // No passkey of theirs, no passkey offer.
    expect(page).not.toContain('id="kc-passkey-form"');
    const before = Math.floor(Date.now() / 1000);
    const done = await browser.submit(
      formAction(page, "kc-form-login"),
      { username: person.email, password: PASSWORD },
      t.redirectUri,
    );
    const tokens = await redeem(config, done.url, request);
    expect(tokens.claims()?.sub).toBe(person.id);
    expect(decodeJwt(tokens.access_token).auth_time as number).toBeGreaterThanOrEqual(before);
  });

  it("also without login_hint (the e-mail change's sign-in again), in the person's language", async () => {
    const person = await createPerson(t.db);
    const { browser } = await signIn(t, person.email);
    const { page } = await freshSignIn(browser, { ui_locales: "fr" });
    expect(page).toContain(`data-qa="fresh-sign-in-email">${person.email}</strong>`);
    expect(page).toContain(escapeHtml(providerTexts("fr", "page").freshSignInTitle));
    expect(page).toContain(escapeHtml(providerTexts("fr", "page").freshSignInOtherAccount));
  });

  it("says a wrong password at the password and stays on the confirm page", async () => {
    const person = await createPerson(t.db);
    const { browser } = await signIn(t, person.email);
    const { page } = await freshSignIn(browser, { login_hint: person.email });
    const refused = await browser.submit(formAction(page, "kc-form-login"), {
      username: person.email,
      password: "wrong-Passwort1",
    });
    const again = await refused.response.text();
    expectConfirmPage(again, person.email);
    expect(again).toContain('aria-invalid="true" aria-describedby="password-error"');
    expect(again).toContain(
      `id="password-error" class="field__error" role="alert" data-qa="login-error">${de.passwordIncorrect}<`,
    );
  });

  it("Cancel leads back to the portal, signed in as before: nothing was proven", async () => {
    const person = await createPerson(t.db);
    const { browser, config, tokens: before } = await signIn(t, person.email);
    const { page } = await freshSignIn(browser, { login_hint: person.email });
    const cancel = /<a id="kc-cancel" href="([^"]+)"[^>]*data-qa="fresh-sign-in-cancel">/.exec(
      page,
    );
    expect(cancel?.[1]).toBe(`${t.server.config.publicUrl}/benutzerverwaltung/`);
    // The app then finds the session as it was: a silent sign-in gets the same sign-in.
    const silent = await authorizationRequest(config, t.redirectUri, { prompt: "none" });
    const done = await browser.open(silent.url.toString(), t.redirectUri);
    const tokens = await redeem(config, done.url, silent);
    expect(tokens.claims()?.sub).toBe(person.id);
    expect(decodeJwt(tokens.access_token).auth_time).toBe(decodeJwt(before.access_token).auth_time);
  });

  it("asks for the second factor after the password, as any sign-in", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const browser = new TestBrowser(t.server.config.publicUrl);
    // Signed in with both factors once.
    const first = await authorizationRequest(await t.web(), t.redirectUri);
    const login = await (await browser.open(first.url.toString(), t.redirectUri)).response.text();
    const step = await browser.submit(formAction(login, "kc-form-login"), {
      username: person.email,
      password: PASSWORD,
    });
    const otp = await step.response.text();
    await browser.submit(
      formAction(otp, "kc-otp-login-form"),
      { otp: codeOf(person.secret ?? "", -1) },
      t.redirectUri,
    );

    const { config, request, page } = await freshSignIn(browser, { login_hint: person.email });
    expectConfirmPage(page, person.email);
    const next = await browser.submit(formAction(page, "kc-form-login"), {
      username: person.email,
      password: PASSWORD,
    });
    const factor = await next.response.text();
    expect(factor).toContain('id="kc-otp-login-form"');
    // Still the signed-in person's pages: no "sign up free" on any step (QA2 #5).
    expect(factor).not.toContain('data-qa="other-nav-sign-up"');
    expect(login).toContain('data-qa="other-nav-sign-up"');
    const done = await browser.submit(
      formAction(factor, "kc-otp-login-form"),
      { otp: codeOf(person.secret ?? "") },
      t.redirectUri,
    );
    const tokens = await redeem(config, done.url, request);
    expect(tokens.claims()?.sub).toBe(person.id);
    expect(tokens.claims()?.amr).toEqual(["pwd", "otp", "mfa"]);
  });

  it("offers the person's own passwordless passkey, which signs in afresh", async () => {
    const person = await createPerson(t.db);
    const { browser } = await signIn(t, person.email);
    const register = await authorizationRequest(await t.web(), t.redirectUri, {
      kc_action: "webauthn-register-passwordless",
    });
    const setUp = await (
      await browser.open(register.url.toString(), t.redirectUri)
    ).response.text();
    const key = new SoftwareAuthenticator(t.server.config.publicUrl);
    const credential = key.create(offeredOptions(setUp, "kc-register-passkey-form"));
    await browser.submit(
      formAction(setUp, "kc-register-passkey-form"),
      { credential: JSON.stringify(credential), name: "Laptop" },
      t.redirectUri,
    );

    const { config, request, page } = await freshSignIn(browser, { login_hint: person.email });
    expectConfirmPage(page, person.email);
    const options = offeredOptions(page, "kc-passkey-form");
    expect(options.allowCredentials?.map((c) => c.id)).toEqual(key.credentialIds);
    // No address field, so no autofill offer.
    expect(page).not.toContain("data-webauthn-autofill");
    const done = await browser.submit(
      formAction(page, "kc-passkey-form"),
      { credential: JSON.stringify(key.get(options)) },
      t.redirectUri,
    );
    const tokens = await redeem(config, done.url, request);
    expect(tokens.claims()?.sub).toBe(person.id);
    expect(tokens.claims()?.amr).toEqual(["pop", "mfa"]);
  });

  it("leads somebody else to the ordinary sign-in page, where they sign in as themselves", async () => {
    const person = await createPerson(t.db);
    const other = await createPerson(t.db);
    const { browser } = await signIn(t, person.email);
    const { config, request, page } = await freshSignIn(browser, { login_hint: person.email });
    const link = /href="([^"]+)" data-qa="fresh-sign-in-other-account"/.exec(page)?.[1] ?? "";
    expect(link).toBe(formAction(page, "kc-form-login"));
    const ordinary = await (await browser.open(link)).response.text();
    expect(ordinary).toContain('data-qa="login-form"');
    expect(ordinary).toContain('data-qa="login-username"');
    expect(ordinary).toContain('data-qa="login-register"');
    // A language switch there shows that page again.
    expect(ordinary).toContain(`<input type="hidden" name="return" value="${link}">`);
    const switched = await browser.submit(
      formAction(ordinary, "kc-form-login"),
      { username: other.email, password: PASSWORD },
      t.redirectUri,
    );
    // oidc-provider ends the first person's session before the second's begins: a page
    // whose script posts its logout form (sent here as the browser would).
    const logout = await switched.response.text();
    const action = /<form method="post" action="([^"]+)">/.exec(logout)?.[1] ?? "";
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logout)?.[1] ?? "";
    const done = await browser.submit(action, { xsrf, logout: "yes" }, t.redirectUri);
    const tokens = await redeem(config, done.url, request);
    expect(tokens.claims()?.sub).toBe(other.id);
  });

  it("keeps the ordinary page without a session, and for a hint naming somebody else", async () => {
    const person = await createPerson(t.db);
    const other = await createPerson(t.db);
    const fresh = await freshSignIn(new TestBrowser(t.server.config.publicUrl), {
      login_hint: person.email,
    });
    expect(fresh.page).toContain('data-qa="login-form"');
    expect(fresh.page).toContain(`value="${person.email}"`);

    const { browser } = await signIn(t, person.email);
    const { page } = await freshSignIn(browser, { login_hint: other.email });
    expect(page).toContain('data-qa="login-form"');
    expect(page).toContain(`value="${other.email}"`);
    expect(page).not.toContain('data-qa="fresh-sign-in-form"');
  });

  it("never shows it for an application-initiated action without prompt=login", async () => {
    const person = await createPerson(t.db);
    const { browser } = await signIn(t, person.email);
    const request = await authorizationRequest(await t.web(), t.redirectUri, {
      kc_action: "CONFIGURE_TOTP",
    });
    const page = await (await browser.open(request.url.toString(), t.redirectUri)).response.text();
    expect(page).not.toContain('data-qa="fresh-sign-in-form"');
    // The other-account page does not apply there either: the session's action goes on.
    const base = page.match(/action="([^"]*\/login-actions\/[^/"]+)\//)?.[1] ?? "";
    const other = await (await browser.open(`${base}/login`)).response.text();
    expect(other).not.toContain('data-qa="login-form"');
    expect(other).toContain('data-qa="totp-form"');
  });
});
