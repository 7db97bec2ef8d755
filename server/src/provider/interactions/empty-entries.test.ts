import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subjectOf } from "../../credentials/index.js";
import { identityLoginFailures } from "../../db/schema/identity.js";
import { securityEvents } from "../../db/schema/security-events.js";
import { databases } from "../../test-support/databases.js";
import { providerTexts } from "../pages/texts.js";
import { formAction, TestBrowser } from "../testing/browser.js";
import {
  ageSession,
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  redeem,
  signIn,
  startIdentityServer,
} from "../testing/identity-kit.js";

// QA2 #1: the forms are novalidate, so pressing Enter after typing the address sent an
// empty password, which counted as a failed sign-in: five presses locked the account for
// 60 s. A field left empty is now said at that field and checks nothing: no attempt
// reserved, no failed sign-in in the activity list, on the sign-in page, the fresh
// sign-in's confirm page and the password-again page.

const de = providerTexts("de", "page");
/** More empty submits than the free failures before a wait. */
const PRESSES = 6;

describe.each(databases)("a sign-in form sent with a field left empty on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  /** The brute-force count of `email` (none: no row). */
  const failuresOf = async (email: string) =>
    (
      await t.db
        .select()
        .from(identityLoginFailures)
        .where(eq(identityLoginFailures.subjectHash, subjectOf(email)))
    ).map((row) => row.failures);

  /** The person's failed sign-ins in the activity list. */
  const failedSignIns = async (personId: string) =>
    (
      await t.db
        .select()
        .from(securityEvents)
        .where(
          and(eq(securityEvents.personId, personId), eq(securityEvents.kind, "sign-in-failed")),
        )
    ).length;

  /** The field `id` is invalid and says `text` in its own error line (`qa`). */
  const saidAt = (page: string, id: string, text: string) => {
    expect(page).toMatch(
      new RegExp(`id="${id}" [^>]*aria-invalid="true" aria-describedby="${id}-error"`),
    );
    expect(page).toMatch(
      new RegExp(
        `<p id="${id}-error" class="field__error" role="alert" data-qa="[a-z-]+">${text}</p>`,
      ),
    );
  };

  it("sign-in page: an empty password is said at the password and counts nothing", async () => {
    const person = await createPerson(t.db);
    const browser = new TestBrowser(t.server.config.publicUrl);
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    let page = await (await browser.open(request.url.toString(), t.redirectUri)).response.text();
    const action = formAction(page, "kc-form-login");
    for (let i = 0; i < PRESSES; i++) {
      page = await (
        await browser.submit(action, { username: person.email, password: "" })
      ).response.text();
      saidAt(page, "password", de.passwordMissing);
      // The address stays as typed and is not marked; no word of a wrong pair or a wait.
      expect(page).toMatch(/id="username" [^>]*value="[^"]+" aria-invalid="false"/);
      expect(page).toContain(`value="${person.email}"`);
      expect(page).not.toContain('data-qa="login-error"');
      expect(page).not.toContain('data-qa="login-locked"');
    }
    expect(await failuresOf(person.email)).toEqual([]);
    expect(await failedSignIns(person.id)).toBe(0);
    // The right password then signs in at once.
    const done = await browser.submit(
      action,
      { username: person.email, password: PASSWORD },
      t.redirectUri,
    );
    const tokens = await redeem(config, done.url, request);
    expect(tokens.claims()?.sub).toBe(person.id);
  });

  it("sign-in page: 20 empty submits at once count nothing, and the password then signs in", async () => {
    const person = await createPerson(t.db);
    const browser = new TestBrowser(t.server.config.publicUrl);
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const login = await (await browser.open(request.url.toString(), t.redirectUri)).response.text();
    const action = formAction(login, "kc-form-login");
    const pages = await Promise.all(
      Array.from({ length: 20 }, async () =>
        (await browser.submit(action, { username: person.email, password: "" })).response.text(),
      ),
    );
    for (const page of pages) saidAt(page, "password", de.passwordMissing);
    expect(await failuresOf(person.email)).toEqual([]);
    expect(await failedSignIns(person.id)).toBe(0);
    const done = await browser.submit(
      action,
      { username: person.email, password: PASSWORD },
      t.redirectUri,
    );
    expect((await redeem(config, done.url, request)).claims()?.sub).toBe(person.id);
  });

  it("sign-in page: an empty address is said at the address, both when both are empty", async () => {
    const browser = new TestBrowser(t.server.config.publicUrl);
    const request = await authorizationRequest(await t.web(), t.redirectUri);
    const login = await (await browser.open(request.url.toString(), t.redirectUri)).response.text();
    const action = formAction(login, "kc-form-login");
    const address = await (
      await browser.submit(action, { username: "  ", password: "irgendwas" })
    ).response.text();
    saidAt(address, "username", de.emailMissing);
    expect(address).toMatch(/id="password" [^>]*aria-invalid="false"/);
    const both = await (
      await browser.submit(action, { username: "", password: "" })
    ).response.text();
    saidAt(both, "username", de.emailMissing);
    saidAt(both, "password", de.passwordMissing);
    // Nothing counted for an empty address either.
    expect(await failuresOf("")).toEqual([]);
  });

  it("confirm it's you: an empty password is said at the field and counts nothing", async () => {
    const person = await createPerson(t.db);
    const { browser, config } = await signIn(t, person.email);
    const request = await authorizationRequest(config, t.redirectUri, {
      prompt: "login",
      login_hint: person.email,
    });
    let page = await (await browser.open(request.url.toString(), t.redirectUri)).response.text();
    const action = formAction(page, "kc-form-login");
    for (let i = 0; i < PRESSES; i++) {
      page = await (
        await browser.submit(action, { username: person.email, password: "" })
      ).response.text();
      expect(page).toContain('data-qa="fresh-sign-in-form"');
      saidAt(page, "password", de.passwordMissing);
    }
    expect(await failuresOf(person.email)).toEqual([]);
    expect(await failedSignIns(person.id)).toBe(0);
    const done = await browser.submit(
      action,
      { username: person.email, password: PASSWORD },
      t.redirectUri,
    );
    expect((await redeem(config, done.url, request)).claims()?.sub).toBe(person.id);
  });

  it("password again: an empty password is said at the field and counts nothing", async () => {
    const person = await createPerson(t.db);
    const { browser, config } = await signIn(t, person.email);
    await ageSession(t.db, person.id, 360);
    const request = await authorizationRequest(config, t.redirectUri, {
      kc_action: "CONFIGURE_TOTP",
    });
    let page = await (await browser.open(request.url.toString(), t.redirectUri)).response.text();
    const action = formAction(page, "kc-form-login");
    for (let i = 0; i < PRESSES; i++) {
      page = await (await browser.submit(action, { password: "" })).response.text();
      expect(page).toContain('data-qa="reauth-form"');
      saidAt(page, "password", de.passwordMissing);
    }
    expect(await failuresOf(person.email)).toEqual([]);
    expect(await failedSignIns(person.id)).toBe(0);
    const next = await (await browser.submit(action, { password: PASSWORD })).response.text();
    expect(next).toContain('data-qa="totp-form"');
  });

  it("a wrong password still counts, and says so for the page: the pair, or the password alone", async () => {
    const person = await createPerson(t.db);
    const stranger = new TestBrowser(t.server.config.publicUrl);
    const request = await authorizationRequest(await t.web(), t.redirectUri);
    const login = await (
      await stranger.open(request.url.toString(), t.redirectUri)
    ).response.text();
    const refused = await (
      await stranger.submit(formAction(login, "kc-form-login"), {
        username: person.email,
        password: "wrong-Passwort1",
      })
    ).response.text();
    expect(refused).toContain(`data-qa="login-error">${de.invalidCredentials}</div>`);
    expect(await failuresOf(person.email)).toEqual([1]);
    expect(await failedSignIns(person.id)).toBe(1);

    // Where the address is given, only the password can be wrong.
    const { browser, config } = await signIn(t, person.email);
    const fresh = await authorizationRequest(config, t.redirectUri, { prompt: "login" });
    const confirm = await (await browser.open(fresh.url.toString(), t.redirectUri)).response.text();
    const wrong = await (
      await browser.submit(formAction(confirm, "kc-form-login"), {
        username: person.email,
        password: "wrong-Passwort1",
      })
    ).response.text();
    saidAt(wrong, "password", de.passwordIncorrect);
    expect(wrong).not.toContain(de.invalidCredentials);
    expect(await failedSignIns(person.id)).toBe(2);
  });
});
