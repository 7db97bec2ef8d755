import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../db/schema/outbox.js";
import { passkeys, webauthnChallenges } from "../db/schema/passkeys.js";
import { securityEvents } from "../db/schema/security-events.js";
import { databases } from "../test-support/databases.js";
import { listCredentials } from "./account/account-credentials.js";
import { cleanPasskeyName } from "./passkeys/passkey-store.js";
import { newRecoveryCodeSet, recoveryCodeStatus, replaceRecoveryCodes } from "./recovery-codes.js";
import { FIREFOX_ON_LINUX, formAction, TestBrowser } from "./testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  redeem,
  signIn,
  startIdentityServer,
  submitPassword,
} from "./testing/identity-kit.js";
import { offeredOptions, SoftwareAuthenticator } from "./testing/software-authenticator.js";

// Passkeys at the embedded provider: registration through Keycloak's application-initiated
// actions, sign-in without a password, passkeys as the second factor, removal; challenges
// used once, counters raised once, on both databases.

describe.each(databases)("passkeys at the embedded provider on $name", (target) => {
  let t: IdentityServer;
  const browser = () => new TestBrowser(t.server.config.publicUrl);
  const authenticator = () => new SoftwareAuthenticator(t.server.config.publicUrl);

  beforeAll(async () => {
    t = await startIdentityServer(target);
  }, 60_000);
  afterAll(() => t?.close());

  /** Runs `kc_action` for a signed-in browser; returns the action's page. */
  const openAction = async (b: TestBrowser, action: string) => {
    const request = await authorizationRequest(await t.web(), t.redirectUri, {
      kc_action: action,
    });
    return (await b.open(request.url.toString(), t.redirectUri)).response.text();
  };

  /**
   * Registers a passkey for a new person through the action (in a browser sending
   * `userAgent`); returns person, browser, key.
   */
  const registered = async (action: string, name = "Laptop", userAgent?: string) => {
    const person = await createPerson(t.db);
    const { browser: b } = await signIn(
      t,
      person.email,
      new TestBrowser(t.server.config.publicUrl, userAgent),
    );
    const page = await openAction(b, action);
    const key = authenticator();
    const credential = key.create(offeredOptions(page, "kc-register-passkey-form"));
    const done = await b.submit(
      formAction(page, "kc-register-passkey-form"),
      { credential: JSON.stringify(credential), name },
      t.redirectUri,
    );
    return { person, browser: b, key, done };
  };

  /** The person's passkey events of the activity log, oldest first. */
  const passkeyEvents = async (personId: string) =>
    (await t.db.select().from(securityEvents).where(eq(securityEvents.personId, personId)))
      .filter((e) => e.kind.startsWith("passkey"))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((e) => ({ kind: e.kind, factor: e.details.factor }));
  /** The titles of the factor alerts mailed to `email`. */
  const alertsTo = async (email: string) =>
    (await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)))
      .filter((m) => m.template === "factorChangedAlert")
      .map((m) => m.subject.replace(/^[^:]*: /, ""))
      .sort();

  /** Opens the sign-in page of a new authorization request. */
  const loginPage = async (b: TestBrowser) => {
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const opened = await b.open(request.url.toString(), t.redirectUri);
    return { config, request, page: await opened.response.text() };
  };

  it("registers a passwordless passkey (webauthn-register-passwordless) and signs in with it", async () => {
    const { person, key, done } = await registered("webauthn-register-passwordless");
    const params = new URL(done.url).searchParams;
    expect(params.get("kc_action_status")).toBe("success");
    expect(params.get("kc_action")).toBe("webauthn-register-passwordless");
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.personId, person.id));
    expect(row).toMatchObject({ name: "Laptop", passwordless: true, counter: 0 });
    expect(row?.transports).toEqual(["internal"]);

    const b = browser();
    const { config, request, page } = await loginPage(b);
    // The sign-in page offers the passkey and the username's autofill (conditional UI).
    expect(page).toContain('autocomplete="username webauthn"');
    expect(page).toContain('data-qa="passkey-login-start"');
    expect(page).toContain('src="/realms/portal/resources/passkey.js"');
    const options = offeredOptions(page, "kc-passkey-form");
    expect(options.allowCredentials ?? []).toEqual([]);
    const signedIn = await b.submit(
      formAction(page, "kc-passkey-form"),
      { credential: JSON.stringify(key.get(options)) },
      t.redirectUri,
    );
    const tokens = await redeem(config, signedIn.url, request);
    expect(tokens.claims()?.sub).toBe(person.id);
    // No password: a key proven with user verification, two factors (RFC 8176).
    expect(tokens.claims()?.amr).toEqual(["pop", "mfa"]);
    expect(decodeJwt(tokens.access_token).amr).toEqual(["pop", "mfa"]);
    const [used] = await t.db.select().from(passkeys).where(eq(passkeys.personId, person.id));
    expect(used?.counter).toBe(1);
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("serves the browser scripts from the provider itself", async () => {
    for (const path of ["passkey.js", "webauthn-browser.js"]) {
      const res = await fetch(`${t.server.config.publicUrl}/realms/portal/resources/${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/javascript");
    }
    const bundle = await (
      await fetch(`${t.server.config.publicUrl}/realms/portal/resources/webauthn-browser.js`)
    ).text();
    expect(bundle).toContain("SimpleWebAuthnBrowser");
  });

  // Issue 29: one passkey in the person's eyes. Keycloak's older name registers the same
  // kind: it signs in without a password, and after the password it is the second factor.
  it("registers one kind of passkey under either name; after the password it is the second factor", async () => {
    const { person, key, done } = await registered("webauthn-register", "Key");
    expect(new URL(done.url).searchParams.get("kc_action_status")).toBe("success");
    expect(new URL(done.url).searchParams.get("kc_action")).toBe("webauthn-register");
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.personId, person.id));
    expect(row?.passwordless).toBe(true);

    // After the password the second-factor step offers the person's passkey only.
    const b = browser();
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const next = await submitPassword(b, request.url, person.email, PASSWORD, t.redirectUri);
    const step = await next.response.text();
    expect(step).toContain('data-qa="passkey-second-factor"');
    expect(step).not.toContain('name="otp"');
    const options = offeredOptions(step, "kc-passkey-form");
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([row?.credentialId]);
    const finished = await b.submit(
      formAction(step, "kc-passkey-form"),
      { credential: JSON.stringify(key.get(options)) },
      t.redirectUri,
    );
    const tokens = await redeem(config, finished.url, request);
    expect(tokens.claims()?.amr).toEqual(["pwd", "pop", "mfa"]);

    // Alone it signs in too (user verified), with no second factor after it.
    const alone = browser();
    const login = await loginPage(alone);
    const signedIn = await alone.submit(
      formAction(login.page, "kc-passkey-form"),
      { credential: JSON.stringify(key.get(offeredOptions(login.page, "kc-passkey-form"))) },
      t.redirectUri,
    );
    const own = await redeem(login.config, signedIn.url, login.request);
    expect(own.claims()?.amr).toEqual(["pop", "mfa"]);
  });

  it("asks for a passkey registered for sign-in without a password after the password too", async () => {
    const { person } = await registered("webauthn-register-passwordless");
    const b = browser();
    const request = await authorizationRequest(await t.web(), t.redirectUri);
    const next = await submitPassword(b, request.url, person.email, PASSWORD, t.redirectUri);
    expect(next.url.startsWith(t.redirectUri)).toBe(false);
    expect(await next.response.text()).toContain('data-qa="passkey-second-factor"');
  });

  it("keeps an older second-factor-only passkey out of the sign-in without password", async () => {
    const { person, key } = await registered("webauthn-register", "Key");
    await t.db
      .update(passkeys)
      .set({ passwordless: false })
      .where(eq(passkeys.personId, person.id));
    const alone = browser();
    const login = await loginPage(alone);
    const refused = await alone.submit(formAction(login.page, "kc-passkey-form"), {
      credential: JSON.stringify(key.get(offeredOptions(login.page, "kc-passkey-form"))),
    });
    const refusedPage = await refused.response.text();
    expect(refusedPage).toContain('data-qa="passkey-error"');
    // The refused passkey is not offered in the autofill again (it would be sent again).
    expect(refusedPage).toContain('id="kc-passkey-form"');
    expect(refusedPage).not.toContain("data-webauthn-autofill");
    // Garbage in the field gets the same refusal, never a server error.
    for (const credential of ["", "null", '{"id":"x","rawId":"x","type":"public-key"}']) {
      const res = await alone.submit(formAction(refusedPage, "kc-passkey-form"), { credential });
      expect(res.response.status).toBe(200);
      expect(await res.response.text()).toContain('data-qa="passkey-error"');
    }
  });

  it("asks the browser to refuse a device that already holds one of the person's passkeys, and says why", async () => {
    const { browser: b, person } = await registered("webauthn-register-passwordless");
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.personId, person.id));
    for (const action of ["webauthn-register-passwordless", "webauthn-register"]) {
      const page = await openAction(b, action);
      const options = offeredOptions(page, "kc-register-passkey-form") as unknown as {
        excludeCredentials: Array<{ id: string }>;
        authenticatorSelection: Record<string, unknown>;
      };
      expect(options.excludeCredentials.map((c) => c.id)).toEqual([row?.credentialId]);
      expect(options.authenticatorSelection).toMatchObject({
        residentKey: "required",
        userVerification: "required",
      });
      // passkey.js shows this text for the browser's InvalidStateError.
      expect(page).toContain(
        'data-webauthn-exists="Dieses Gerät hat bereits einen Passkey für Ihr Konto.',
      );
      expect(page).toContain("<title>Passkey hinzufügen");
    }
  });

  it("refuses a registration answered for another origin, and garbage, with the page again", async () => {
    const person = await createPerson(t.db);
    const { browser: b } = await signIn(t, person.email);
    const page = await openAction(b, "webauthn-register-passwordless");
    const action = formAction(page, "kc-register-passkey-form");
    const foreign = authenticator().create(offeredOptions(page, "kc-register-passkey-form"), {
      origin: "https://evil.example",
    });
    const wrong = await b.submit(action, { credential: JSON.stringify(foreign), name: "x" });
    const again = await wrong.response.text();
    expect(wrong.response.status).toBe(200);
    expect(again).toContain('data-qa="passkey-register-error"');
    for (const credential of ["", "{", "[]", '{"id":1}', "x".repeat(10_000)]) {
      const res = await b.submit(formAction(again, "kc-register-passkey-form"), { credential });
      expect(res.response.status).toBe(200);
      expect(await res.response.text()).toContain('data-qa="passkey-register-error"');
    }
    expect(await t.db.select().from(passkeys).where(eq(passkeys.personId, person.id))).toEqual([]);
  });

  it("cancels a registration with Keycloak's status", async () => {
    const person = await createPerson(t.db);
    const { browser: b } = await signIn(t, person.email);
    const page = await openAction(b, "webauthn-register");
    const done = await b.submit(
      formAction(page, "kc-register-passkey-form"),
      { "cancel-aia": "true" },
      t.redirectUri,
    );
    expect(new URL(done.url).searchParams.get("kc_action_status")).toBe("cancelled");
  });

  it("accepts one answer to a challenge once, of 5 sent in parallel", async () => {
    const { key } = await registered("webauthn-register-passwordless");
    const b = browser();
    const { page } = await loginPage(b);
    const credential = JSON.stringify(key.get(offeredOptions(page, "kc-passkey-form")));
    const action = formAction(page, "kc-passkey-form");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => b.submit(action, { credential }, t.redirectUri)),
    );
    // Signed in: back at the app with a code. A response that arrives after the winner has
    // finished the interaction finds it gone and is sent back with authentication_expired
    // (also at the app's address, but with no code); one that arrives before is refused on
    // the sign-in page.
    const back = results.map((r) =>
      r.url.startsWith(t.redirectUri) ? new URL(r.url).searchParams : undefined,
    );
    expect(back.filter((q) => q?.get("code"))).toHaveLength(1);
    for (const [i, q] of back.entries()) {
      if (q?.get("code")) continue;
      if (q) expect(q.get("error_description")).toBe("authentication_expired");
      else expect(await results[i]?.response.text()).toContain('data-qa="passkey-error"');
    }
    // The same answer once more, after the sign-in: the interaction is gone, no code.
    const late = await b.submit(action, { credential }, t.redirectUri);
    const lateQuery = new URL(late.url).searchParams;
    expect(late.url.startsWith(t.redirectUri)).toBe(true);
    expect(lateQuery.get("code")).toBeNull();
    expect(lateQuery.get("error_description")).toBe("authentication_expired");
  });

  it("raises the counter once: 5 parallel sign-ins with one counter value let one through", async () => {
    const { person, key } = await registered("webauthn-register-passwordless");
    // Five interactions, each with its own challenge, answered with the same counter (a
    // cloned authenticator): only one use is recorded.
    const pages = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const b = browser();
        return { b, ...(await loginPage(b)) };
      }),
    );
    const results = await Promise.all(
      pages.map(({ b, page }) =>
        b.submit(
          formAction(page, "kc-passkey-form"),
          {
            credential: JSON.stringify(
              key.get(offeredOptions(page, "kc-passkey-form"), { counter: 7 }),
            ),
          },
          t.redirectUri,
        ),
      ),
    );
    expect(results.filter((r) => r.url.startsWith(t.redirectUri))).toHaveLength(1);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.personId, person.id));
    expect(row?.counter).toBe(7);
    // A later answer with a counter not above the stored one is refused.
    const b = browser();
    const { page } = await loginPage(b);
    const replay = await b.submit(formAction(page, "kc-passkey-form"), {
      credential: JSON.stringify(key.get(offeredOptions(page, "kc-passkey-form"), { counter: 7 })),
    });
    expect(await replay.response.text()).toContain('data-qa="passkey-error"');
  });

  it("stores only hashes of challenges, bound to the interaction", async () => {
    const b = browser();
    const { page } = await loginPage(b);
    const { challenge } = offeredOptions(page, "kc-passkey-form");
    const rows = await t.db.select().from(webauthnChallenges);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.challengeHash.includes(challenge))).toBe(false);
    // An answer to this challenge posted in another interaction is refused.
    const { key } = await registered("webauthn-register-passwordless");
    const other = browser();
    const otherLogin = await loginPage(other);
    const res = await other.submit(formAction(otherLogin.page, "kc-passkey-form"), {
      credential: JSON.stringify(key.get({ challenge })),
    });
    expect(await res.response.text()).toContain('data-qa="passkey-error"');
  });

  it("removes a passkey with delete_credential:{id}", async () => {
    const { person, browser: b } = await registered(
      "webauthn-register-passwordless",
      "Phone",
      FIREFOX_ON_LINUX,
    );
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.personId, person.id));
    const page = await openAction(b, `delete_credential:${row?.id}`);
    expect(page).toContain("Phone");
    const removed = await b.submit(
      formAction(page, "kc-delete-credential-form"),
      { accept: "true" },
      t.redirectUri,
    );
    expect(new URL(removed.url).searchParams.get("kc_action_status")).toBe("success");
    expect(await t.db.select().from(passkeys).where(eq(passkeys.personId, person.id))).toEqual([]);
    // The activity log and the alert mails have both changes.
    expect(await passkeyEvents(person.id)).toEqual([
      { kind: "passkey-added", factor: "passkey" },
      { kind: "passkey-removed", factor: "passkey" },
    ]);
    expect(await alertsTo(person.email)).toEqual(["Passkey entfernt", "Passkey hinzugefügt"]);
    // Issue 29: both alerts name the browser and system the change was made from.
    const texts = (
      await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, person.email))
    )
      .filter((m) => m.template === "factorChangedAlert")
      .map((m) => m.text);
    expect(texts).toEqual([
      expect.stringContaining("Gerät: Firefox unter Linux"),
      expect.stringContaining("Gerät: Firefox unter Linux"),
    ]);
  });

  it("lists passkeys in Keycloak's credential shape (webauthn, webauthn-passwordless)", async () => {
    const { person } = await registered("webauthn-register", "Key");
    // An older second-factor-only passkey is Keycloak's `webauthn`.
    await t.db
      .update(passkeys)
      .set({ passwordless: false })
      .where(eq(passkeys.personId, person.id));
    const containers = await listCredentials(t.db, person.id);
    const of = (type: string) =>
      containers.find((c) => c.type === type)?.userCredentialMetadatas.map((m) => m.credential);
    expect(of("webauthn")).toMatchObject([{ type: "webauthn", userLabel: "Key" }]);
    expect(of("webauthn-passwordless")).toEqual([]);
    expect(await passkeyEvents(person.id)).toEqual([{ kind: "passkey-added", factor: "passkey" }]);
    expect(await alertsTo(person.email)).toEqual(["Passkey hinzugefügt"]);
  });

  it("forgets the recovery codes when the last second factor, a passkey, is removed", async () => {
    const { person, browser: b } = await registered("webauthn-register-passwordless", "Key");
    await replaceRecoveryCodes(t.db, person.id, newRecoveryCodeSet(person.id).hashes);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.personId, person.id));
    const page = await openAction(b, `delete_credential:${row?.id}`);
    const removed = await b.submit(
      formAction(page, "kc-delete-credential-form"),
      { accept: "true" },
      t.redirectUri,
    );
    expect(new URL(removed.url).searchParams.get("kc_action_status")).toBe("success");
    expect((await recoveryCodeStatus(t.db, person.id)).total).toBe(0);
  });

  it("does not remove another person's passkey", async () => {
    const { person: owner } = await registered("webauthn-register-passwordless");
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.personId, owner.id));
    const intruder = await createPerson(t.db);
    const { browser: b } = await signIn(t, intruder.email);
    const request = await authorizationRequest(await t.web(), t.redirectUri, {
      kc_action: `delete_credential:${row?.id}`,
    });
    const done = await b.open(request.url.toString(), t.redirectUri);
    expect(new URL(done.url).searchParams.get("kc_action_status")).toBe("error");
    expect(await t.db.select().from(passkeys).where(eq(passkeys.personId, owner.id))).toHaveLength(
      1,
    );
  });
});

describe("passkey names", () => {
  it.each([
    ["  Laptop \n", "Laptop"],
    ["a\u0000b\u202Ec", "a b c"],
    ["x".repeat(100), "x".repeat(64)],
    ["   ", ""],
  ])("%j -> %j", (raw, clean) => {
    expect(cleanPasskeyName(raw)).toBe(clean);
  });
});
