import { eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityArtifacts } from "../../db/schema/identity.js";
import { mfaCredentials } from "../../db/schema/mfa-credentials.js";
import { outboxMessages } from "../../db/schema/outbox.js";
import { securityEvents } from "../../db/schema/security-events.js";
import { settledAfterReply } from "../../persons/after-reply.js";
import { embedded } from "../../test-support/databases.js";
import { FIREFOX_ON_LINUX, formAction, TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  redeem,
  signIn,
  startIdentityServer,
  submitPassword,
} from "../testing/identity-kit.js";

const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

describe.each(embedded)("embedded provider, sign-in pages on $name", (target) => {
  let t: IdentityServer;
  const browser = (userAgent?: string) => new TestBrowser(t.server.config.publicUrl, userAgent);
  const begin = async (b: TestBrowser, email: string, password = PASSWORD, extra = {}) => {
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri, extra);
    const next = await submitPassword(b, request.url, email, password, t.redirectUri);
    return { config, request, next };
  };
  const latestCode = async (email: string) => {
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, email))
      .orderBy(sql`${outboxMessages.createdAt} desc`)
      .limit(1);
    const code = /(\d{6})/.exec(mail?.text ?? "")?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };

  const factorEvents = async (personId: string) =>
    (await t.db.select().from(securityEvents).where(eq(securityEvents.personId, personId)))
      .filter((e) => e.kind.startsWith("second-factor"))
      .map((e) => ({ kind: e.kind, factor: e.details.factor }));
  const alertsTo = async (email: string) =>
    (await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)))
      .filter((m) => m.template === "factorChangedAlert")
      .map((m) => m.subject.replace(/^[^:]*: /, ""));
  /** The texts of the factor alerts mailed to `email`. */
  const alertTextsTo = async (email: string) =>
    (await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)))
      .filter((m) => m.template === "factorChangedAlert")
      .map((m) => m.text);

  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  it("asks for the app code after the password; each code works once", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const b = browser();
    const { config, request, next } = await begin(b, person.email);
    const page = await next.response.text();
    expect(page).toContain('name="otp"');
    const code = codeOf(person.secret ?? "");
    const done = await b.submit(
      formAction(page, "kc-otp-login-form"),
      { otp: code },
      t.redirectUri,
    );
    const tokens = await redeem(config, done.url, request);
    // Both tokens say how: password and a one-time code, two factors (RFC 8176).
    expect(tokens.claims()?.amr).toEqual(["pwd", "otp", "mfa"]);
    expect(decodeJwt(tokens.access_token).amr).toEqual(["pwd", "otp", "mfa"]);
    // The same code a second time (another browser): refused.
    const other = browser();
    const again = await begin(other, person.email);
    const againPage = await again.next.response.text();
    const replay = await other.submit(formAction(againPage, "kc-otp-login-form"), { otp: code });
    expect(await replay.response.text()).toContain('data-qa="otp-error"');
  });

  it("mails a code for the e-mail factor: single use, at most 5 tries", async () => {
    const person = await createPerson(t.db, { factor: "EMAIL" });
    const b = browser();
    const { next } = await begin(b, person.email);
    const page = await next.response.text();
    expect(page).toContain(person.email);
    const action = formAction(page, "kc-otp-login-form");
    const code = await latestCode(person.email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) {
      const res = await b.submit(action, { otp: wrong });
      expect(await res.response.text()).toContain('data-qa="otp-error"');
    }
    const fifth = await (await b.submit(action, { otp: wrong })).response.text();
    expect(fifth).toMatch(/Zu viele falsche Eingaben|Zu viele Fehlversuche/);
    // The right code no longer works once 5 tries are used up.
    // (the account also waits now: five failures in a row)
    const late = await (await b.submit(action, { otp: code })).response.text();
    expect(late).toMatch(/data-qa="(otp-error|login-locked)"/);
  });

  it("accepts the mailed code and signs in", async () => {
    const person = await createPerson(t.db, { factor: "EMAIL" });
    const b = browser();
    const { next } = await begin(b, person.email);
    const page = await next.response.text();
    const done = await b.submit(
      formAction(page, "kc-otp-login-form"),
      { otp: await latestCode(person.email) },
      t.redirectUri,
    );
    expect(new URL(done.url).searchParams.get("code")).toBeTruthy();
  });

  it("refuses an unconfirmed address with a clear message and a resend link", async () => {
    const person = await createPerson(t.db, { confirmed: false });
    const b = browser();
    const { next } = await begin(b, person.email);
    const page = await next.response.text();
    expect(page).toContain('data-qa="login-unconfirmed"');
    expect(page).toContain('id="kc-resend-opt-in"');
    // The resend link asks the user-management API to mail the opt-in link again.
    const resend = /<form method="post" action="([^"]+)"[^>]*data-qa="resend-opt-in-form"/.exec(
      page,
    )?.[1];
    const after = await b.submit(resend ?? "", { username: person.email });
    expect(await after.response.text()).toContain('data-qa="opt-in-resent"');
    // The API mails after its answer (same timing for every address): wait for that work.
    await settledAfterReply();
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, person.email));
    expect(mails.length).toBeGreaterThan(0);
  });

  it("makes repeated failures wait, the same way for unknown addresses", async () => {
    const person = await createPerson(t.db);
    const unknown = `nobody.${Date.now()}@example.org`;
    for (const email of [person.email, unknown]) {
      const b = browser();
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { next } = await begin(b, email, "Wrong-Passw0rd!");
        answers.push(await next.response.text());
      }
      expect(answers.slice(0, 4).every((a) => a.includes('data-qa="login-error"'))).toBe(true);
      expect(answers[4]).toContain('data-qa="login-locked"');
      // Even the right password waits now.
      const { next } = await begin(b, email);
      expect(await next.response.text()).toContain('data-qa="login-locked"');
    }
  });

  it("runs CONFIGURE_TOTP and returns kc_action_status=success; the app replaces the e-mail factor", async () => {
    const person = await createPerson(t.db, { factor: "EMAIL" });
    const b = browser(FIREFOX_ON_LINUX);
    const first = await begin(b, person.email);
    const otpPage = await first.next.response.text();
    await b.submit(
      formAction(otpPage, "kc-otp-login-form"),
      { otp: await latestCode(person.email) },
      t.redirectUri,
    );
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri, {
      kc_action: "CONFIGURE_TOTP",
    });
    const setup = await b.open(request.url.toString(), t.redirectUri);
    const html = await setup.response.text();
    expect(html).toContain('id="kc-totp-secret-qr-code"');
    expect(html).toContain("data:image/png;base64,");
    const secret =
      /id="kc-totp-secret-key"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1]?.replace(/ /g, "") ?? "";
    const done = await b.submit(
      formAction(html, "kc-totp-settings-form"),
      { totp: codeOf(secret) },
      t.redirectUri,
    );
    const params = new URLSearchParams(new URL(done.url).search);
    expect(params.get("kc_action_status")).toBe("success");
    expect(params.get("code")).toBeTruthy();
    const rows = await t.db
      .select()
      .from(mfaCredentials)
      .where(eq(mfaCredentials.personId, person.id));
    expect(rows.map((r) => r.type)).toEqual(["AUTHENTICATOR_APP"]);
    // Issue 51: the key is kept sealed (security/sealed-secret.ts), never as shown.
    expect(rows[0]?.secret).toMatch(/^v1\./);
    expect(rows[0]?.secret).not.toContain(secret);
    // Issue 18: the activity event and the alert mail.
    expect(await factorEvents(person.id)).toEqual([
      { kind: "second-factor-added", factor: "AUTHENTICATOR_APP" },
    ]);
    expect(await alertsTo(person.email)).toEqual(["Zweiter Faktor eingerichtet"]);
    // Issue 29: the alert names the browser and system the app was set up from.
    expect(await alertTextsTo(person.email)).toEqual([
      expect.stringContaining("Gerät: Firefox unter Linux"),
    ]);
  });

  it("runs delete_credential (confirm, then remove) and reports cancel as cancelled", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const [credential] = await t.db
      .select()
      .from(mfaCredentials)
      .where(eq(mfaCredentials.personId, person.id));
    const b = browser(FIREFOX_ON_LINUX);
    const first = await begin(b, person.email);
    await b.submit(
      formAction(await first.next.response.text(), "kc-otp-login-form"),
      { otp: codeOf(person.secret ?? "") },
      t.redirectUri,
    );
    const config = await t.web();
    const ask = async () => {
      const request = await authorizationRequest(config, t.redirectUri, {
        kc_action: `delete_credential:${credential?.id}`,
      });
      const page = await b.open(request.url.toString(), t.redirectUri);
      return page.response.text();
    };
    const cancelled = await b.submit(
      formAction(await ask(), "kc-delete-credential-form"),
      { "cancel-aia": "true" },
      t.redirectUri,
    );
    expect(new URL(cancelled.url).searchParams.get("kc_action_status")).toBe("cancelled");
    const removed = await b.submit(
      formAction(await ask(), "kc-delete-credential-form"),
      { accept: "true" },
      t.redirectUri,
    );
    expect(new URL(removed.url).searchParams.get("kc_action_status")).toBe("success");
    expect(
      await t.db.select().from(mfaCredentials).where(eq(mfaCredentials.personId, person.id)),
    ).toEqual([]);
    expect(await factorEvents(person.id)).toEqual([
      { kind: "second-factor-removed", factor: "AUTHENTICATOR_APP" },
    ]);
    expect(await alertsTo(person.email)).toEqual(["Zweiter Faktor entfernt"]);
    // Issue 29: the alert names the browser and system the factor was removed from.
    expect(await alertTextsTo(person.email)).toEqual([
      expect.stringContaining("Gerät: Firefox unter Linux"),
    ]);
  });

  it("asks for the password again when the sign-in is older than 5 minutes", async () => {
    const person = await createPerson(t.db);
    const { browser: b, config } = await signIn(t, person.email);
    // Age the session: its sign-in happened 6 minutes ago.
    await t.db
      .update(identityArtifacts)
      .set({
        payload: sql`jsonb_set(${identityArtifacts.payload}, '{loginTs}', to_jsonb(${Math.floor(Date.now() / 1000) - 360}::bigint))`,
      })
      .where(eq(identityArtifacts.accountId, person.id));
    const request = await authorizationRequest(config, t.redirectUri, {
      kc_action: "CONFIGURE_EMAIL_OTP",
    });
    const page = await (await b.open(request.url.toString(), t.redirectUri)).response.text();
    expect(page).toContain('data-qa="reauth-form"');
    const next = await b.submit(formAction(page, "kc-form-login"), { password: PASSWORD });
    const setup = await next.response.text();
    expect(setup).toContain('data-qa="email-otp-send"');
    const sent = await b.submit(formAction(setup, "kc-email-otp-settings-form"), { send: "true" });
    const confirm = await sent.response.text();
    const done = await b.submit(
      formAction(confirm, "kc-email-otp-settings-form"),
      { otp: await latestCode(person.email) },
      t.redirectUri,
    );
    expect(new URL(done.url).searchParams.get("kc_action_status")).toBe("success");
    const rows = await t.db
      .select()
      .from(mfaCredentials)
      .where(eq(mfaCredentials.personId, person.id));
    expect(rows.map((r) => r.type)).toEqual(["EMAIL"]);
  });

  it("shows the pages in the language of ui_locales / kc_locale", async () => {
    const person = await createPerson(t.db);
    const config = await t.web();
    for (const [extra, word] of [
      [{ ui_locales: "en" }, "Sign in"],
      [{ kc_locale: "fr" }, "Connexion"],
      [{}, "Anmelden"],
    ] as const) {
      const request = await authorizationRequest(config, t.redirectUri, extra);
      const page = await browser().open(request.url.toString(), t.redirectUri);
      expect(await page.response.text()).toContain(`class="page-card__title">${word}</h1>`);
    }
    expect(person.id).toBeTruthy();
  });
});

describe.each(embedded)("embedded provider when mail fails", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    // Nothing listens on port 9: every mail fails.
    t = await startIdentityServer(target, { smtpUrl: "smtp://127.0.0.1:9" });
  });
  afterAll(() => t?.close());

  it("shows an error page (not a JSON body) when the e-mail code cannot be sent", async () => {
    const person = await createPerson(t.db, { factor: "EMAIL" });
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const next = await submitPassword(
      new TestBrowser(t.server.config.publicUrl),
      request.url,
      person.email,
      PASSWORD,
      t.redirectUri,
    );
    expect(next.response.status).toBe(500);
    expect(next.response.headers.get("content-type")).toContain("text/html");
    expect(await next.response.text()).toContain('data-qa="provider-error"');
  });
});
