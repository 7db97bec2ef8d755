import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityLoginStates } from "../../db/schema/identity.js";
import { mfaCredentials } from "../../db/schema/mfa-credentials.js";
import { outboxMessages } from "../../db/schema/outbox.js";
import { recoveryCodes } from "../../db/schema/recovery-codes.js";
import { securityEvents } from "../../db/schema/security-events.js";
import {
  FIREFOX_ON_LINUX,
  formAction,
  hiddenValue,
  TestBrowser,
} from "../../provider/testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  redeem,
  startIdentityServer,
  submitPassword,
} from "../../provider/testing/identity-kit.js";
import { databases } from "../../test-support/databases.js";
import {
  newRecoveryCodeSet,
  normalizeRecoveryCode,
  recoveryCodeStatus,
  replaceRecoveryCodes,
  useRecoveryCode,
} from "./recovery-codes.js";

// Recovery codes at the embedded provider: made by CONFIGURE_RECOVERY_AUTHN_CODES, kept as
// keyed hashes only, each accepted once at the second-factor step (also when several
// browsers send the same code at once), a warning when few are left.

const codeOf = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });

const codesIn = (page: string): string[] =>
  [...page.matchAll(/data-qa="recovery-code">([0-9A-Z-]+)</g)].map((m) => m[1] as string);

describe("recovery code format", () => {
  it("makes 12 different codes of 16 characters in four groups, normalized when typed", () => {
    const { codes, hashes } = newRecoveryCodeSet("00000000-0000-4000-8000-000000000000");
    expect(codes).toHaveLength(12);
    expect(new Set(codes).size).toBe(12);
    for (const code of codes)
      expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]{4}$/);
    // Only hashes are kept: none contains its code.
    expect(hashes.some((h, i) => h.includes((codes[i] ?? "").replace(/-/g, "")))).toBe(false);
    expect(normalizeRecoveryCode(" 7k2q m9xd-4tra-ovhn ")).toBe("7K2QM9XD4TRA0VHN");
    expect(normalizeRecoveryCode("7K2Q-M9XD-4TRA")).toBeUndefined();
    expect(normalizeRecoveryCode("7K2Q-M9XD-4TRA-0VHU")).toBeUndefined();
  });
});

describe.each(databases)("recovery codes at the embedded provider on $name", (target) => {
  let t: IdentityServer;
  const browser = (userAgent?: string) => new TestBrowser(t.server.config.publicUrl, userAgent);

  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  // Each app code works once per 30 s step; these tests sign in more often than that.
  const allowAppCodeAgain = (personId: string) =>
    t.db
      .update(mfaCredentials)
      .set({ lastUsedStep: null })
      .where(eq(mfaCredentials.personId, personId));

  /** Password and app code in a new browser: a signed-in session. */
  const signedIn = async (person: { id: string; email: string; secret: string | null }) => {
    await allowAppCodeAgain(person.id);
    const b = browser();
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const next = await submitPassword(
      b,
      request.url,
      person.email,
      "Sommer-Wiese42",
      t.redirectUri,
    );
    await b.submit(
      formAction(await next.response.text(), "kc-otp-login-form"),
      // The portal's time, which a test may have moved.
      { otp: codeOf(person.secret ?? "", t.clock.now().getTime()) },
      t.redirectUri,
    );
    return { b, config };
  };

  /** Runs the set-up action in a signed-in browser; returns the codes it activated. */
  const setUpCodes = async (person: { id: string; email: string; secret: string | null }) => {
    const { b, config } = await signedIn(person);
    const request = await authorizationRequest(config, t.redirectUri, {
      kc_action: "CONFIGURE_RECOVERY_AUTHN_CODES",
    });
    const page = await (await b.open(request.url.toString(), t.redirectUri)).response.text();
    expect(page).toContain('data-qa="recovery-codes-download"');
    // Without the "stored" check nothing is activated, and the same set is shown again.
    const refused = await (
      await b.submit(formAction(page, "kc-recovery-codes-settings-form"), {
        codes: hiddenValue(page, "codes"),
      })
    ).response.text();
    expect(refused).toContain('data-qa="recovery-codes-error"');
    const codes = codesIn(refused);
    expect(codes).toHaveLength(12);
    expect(codes).toEqual(codesIn(page));
    const done = await b.submit(
      formAction(refused, "kc-recovery-codes-settings-form"),
      { saved: "true" },
      t.redirectUri,
    );
    expect(new URL(done.url).searchParams.get("kc_action_status")).toBe("success");
    return codes;
  };

  /** Password, then a recovery code instead of the app (in a browser sending `userAgent`). */
  const withCode = async (email: string, code: string, userAgent?: string) => {
    const b = browser(userAgent);
    const request = await authorizationRequest(await t.web(), t.redirectUri);
    const next = await submitPassword(b, request.url, email, "Sommer-Wiese42", t.redirectUri);
    const page = await next.response.text();
    expect(page).toContain('data-qa="recovery-code-form"');
    const answer = await b.submit(
      formAction(page, "kc-recovery-code-login-form"),
      { recoveryCodeInput: code },
      t.redirectUri,
    );
    return { ...answer, b };
  };

  it("makes 12 codes by the application-initiated action and keeps only keyed hashes", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const codes = await setUpCodes(person);
    const rows = await t.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.personId, person.id));
    expect(rows).toHaveLength(12);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace(/-/g, ""));
    }
  });

  it("signs in with a code once (in any case and grouping); the second use is refused", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const [code] = await setUpCodes(person);
    const first = await withCode(
      person.email,
      (code ?? "").toLowerCase().replace(/-/g, " "),
      FIREFOX_ON_LINUX,
    );
    expect(new URL(first.url).searchParams.get("code")).toBeTruthy();
    const again = await withCode(person.email, code ?? "");
    expect(again.response.status).toBe(200);
    expect(await again.response.text()).toContain('data-qa="recovery-code-error"');
    expect((await recoveryCodeStatus(t.db, person.id)).remaining).toBe(11);
    // Issue 18: the use is in the person's activity and the person gets one alert mail.
    const events = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.personId, person.id));
    expect(events.filter((e) => e.kind === "recovery-code-used")).toHaveLength(1);
    const alerts = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, person.email));
    // Issue 29: the one alert names the browser and system the code was used from.
    expect(alerts.filter((m) => m.template === "recoveryCodeUsedAlert").map((m) => m.text)).toEqual(
      [expect.stringContaining("Gerät: Firefox unter Linux")],
    );
  });

  it("accepts one code of five browsers sending it at the same moment", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const [code] = await setUpCodes(person);
    // Five browsers at the second-factor step (the password each time: the count stays low).
    const pages = [];
    for (let i = 0; i < 5; i++) {
      const b = browser();
      const request = await authorizationRequest(await t.web(), t.redirectUri);
      const next = await submitPassword(
        b,
        request.url,
        person.email,
        "Sommer-Wiese42",
        t.redirectUri,
      );
      pages.push({ b, page: await next.response.text() });
    }
    const answers = await Promise.all(
      pages.map(({ b, page }) =>
        b.submit(
          formAction(page, "kc-recovery-code-login-form"),
          { recoveryCodeInput: code ?? "" },
          t.redirectUri,
        ),
      ),
    );
    const signedIn = answers.filter((a) => new URL(a.url).searchParams.has("code"));
    expect(signedIn).toHaveLength(1);
    expect((await recoveryCodeStatus(t.db, person.id)).remaining).toBe(11);
  });

  it("lets exactly one of eight parallel uses of one code win in the database", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const set = newRecoveryCodeSet(person.id);
    await replaceRecoveryCodes(t.db, person.id, set.hashes);
    const code = set.codes[0] ?? "";
    const results = await Promise.all(
      Array.from({ length: 8 }, () => useRecoveryCode(t.db, person.id, code)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("keeps one whole set when four new sets are saved at once", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const sets = Array.from({ length: 4 }, () => newRecoveryCodeSet(person.id));
    await Promise.all(sets.map((s) => replaceRecoveryCodes(t.db, person.id, s.hashes)));
    const rows = await t.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.personId, person.id));
    expect(rows).toHaveLength(12);
    const kept = new Set(rows.map((r) => r.codeHash));
    expect(sets.filter((s) => s.hashes.every((h) => kept.has(h)))).toHaveLength(1);
  });

  it("counts wrong codes as failed attempts in the activity list: the sixth in a row waits", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    await setUpCodes(person);
    const b = browser();
    const request = await authorizationRequest(await t.web(), t.redirectUri);
    const next = await submitPassword(
      b,
      request.url,
      person.email,
      "Sommer-Wiese42",
      t.redirectUri,
    );
    let page = await next.response.text();
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await b.submit(formAction(page, "kc-recovery-code-login-form"), {
        recoveryCodeInput: "0000-0000-0000-0000",
      });
      page = await res.response.text();
      seen.push(/data-qa="(recovery-code-error|login-locked)"/.exec(page)?.[1] ?? "none");
    }
    expect(seen.slice(0, 4)).toEqual(Array(4).fill("recovery-code-error"));
    expect(seen.slice(4)).toEqual(["login-locked", "login-locked"]);
    // Each checked wrong code is a failed sign-in the owner sees; the refused (locked) ones
    // were not checked.
    const failed = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.personId, person.id));
    expect(failed.filter((e) => e.kind === "sign-in-failed")).toHaveLength(5);
  });

  it("warns after a sign-in with a code when three or fewer are left, then goes on", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const codes = await setUpCodes(person);
    // Nine used already: three left before this sign-in, two after it.
    await t.db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(eq(recoveryCodes.personId, person.id));
    const fresh = newRecoveryCodeSet(person.id);
    await replaceRecoveryCodes(t.db, person.id, fresh.hashes.slice(0, 3));
    const answer = await withCode(person.email, fresh.codes[0] ?? "");
    const page = await answer.response.text();
    expect(page).toContain('data-qa="recovery-codes-low"');
    expect(page).toMatch(/noch 2\b/);
    const done = await answer.b.submit(
      formAction(page, "kc-recovery-codes-low-form"),
      {},
      t.redirectUri,
    );
    expect(new URL(done.url).searchParams.get("code")).toBeTruthy();
    expect(codes).toHaveLength(12);
  });

  it("a new set replaces the old one: its codes stop working", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const [oldCode] = await setUpCodes(person);
    await setUpCodes(person);
    const refused = await withCode(person.email, oldCode ?? "");
    expect(await refused.response.text()).toContain('data-qa="recovery-code-error"');
    expect((await recoveryCodeStatus(t.db, person.id)).remaining).toBe(12);
  });

  it("puts auth_time into the access token and counts codes at GET /persons/me/recovery-codes", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    await setUpCodes(person);
    await allowAppCodeAgain(person.id);
    const b = browser();
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const next = await submitPassword(
      b,
      request.url,
      person.email,
      "Sommer-Wiese42",
      t.redirectUri,
    );
    const done = await b.submit(
      formAction(await next.response.text(), "kc-otp-login-form"),
      { otp: codeOf(person.secret ?? "") },
      t.redirectUri,
    );
    const before = Math.floor(Date.now() / 1000);
    const tokens = await redeem(config, done.url, request);
    const authTime = decodeJwt(tokens.access_token).auth_time as number;
    expect(Math.abs(authTime - before)).toBeLessThan(30);
    const res = await fetch(
      `${t.server.config.publicUrl}/api/user-management/persons/me/recovery-codes`,
      {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ remaining: 12, total: 12 });
  });

  // Issue 46: "activate codes" without the tick showed 12 new codes, so the set already
  // downloaded or printed was dead. Now the same codes come back with the error at the
  // checkbox, the pending hashes stay, and the person's active set is untouched.
  it("shows the same codes again when posted without the tick, twice and eight at once", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    // The tests before spent most of this client's minute of form posts: a new minute.
    t.clock.advance(61_000);
    // An active set, put in directly.
    await replaceRecoveryCodes(t.db, person.id, newRecoveryCodeSet(person.id).hashes);
    const active = async () =>
      (await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.personId, person.id)))
        .map((r) => r.codeHash)
        .sort();
    const activeBefore = await active();
    const { b, config } = await signedIn(person);
    const request = await authorizationRequest(config, t.redirectUri, {
      kc_action: "CONFIGURE_RECOVERY_AUTHN_CODES",
    });
    const page = await (await b.open(request.url.toString(), t.redirectUri)).response.text();
    const shown = codesIn(page);
    const pending = async () =>
      (
        await t.db
          .select({ hashes: identityLoginStates.pendingRecoveryCodeHashes })
          .from(identityLoginStates)
          .where(eq(identityLoginStates.personId, person.id))
      )
        .map((r) => r.hashes)
        .filter((h) => h !== null);
    const pendingBefore = await pending();
    expect(pendingBefore).toHaveLength(1);
    const withoutTick = async (html: string) => {
      const answer = await (
        await b.submit(formAction(html, "kc-recovery-codes-settings-form"), {
          codes: hiddenValue(html, "codes"),
        })
      ).response.text();
      expect(answer).toContain('data-qa="recovery-codes-error"');
      expect(answer).toMatch(/id="saved"[^>]*aria-invalid="true"/);
      return answer;
    };
    const again = await withoutTick(await withoutTick(page));
    expect(codesIn(again)).toEqual(shown);
    const parallel = await Promise.all(Array.from({ length: 8 }, () => withoutTick(again)));
    for (const answer of parallel) expect(codesIn(answer)).toEqual(shown);
    expect(await pending()).toEqual(pendingBefore);
    expect(await active()).toEqual(activeBefore);
    // A form whose codes were edited gets a new set (the pending one is not for it to name).
    const edited = await (
      await b.submit(formAction(again, "kc-recovery-codes-settings-form"), {
        codes: shown.slice(1).join(" "),
      })
    ).response.text();
    expect(codesIn(edited)).not.toEqual(shown);
  });
});
