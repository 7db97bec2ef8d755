import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newRecoveryCodeSet, replaceRecoveryCodes } from "../../credentials/index.js";
import { passkeys } from "../../db/schema/passkeys.js";
import { embedded } from "../../test-support/databases.js";
import { TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  startIdentityServer,
  submitPassword,
} from "../testing/identity-kit.js";

// Issue 29: the second-factor step had one button and no other way. For every kind of
// factor it now offers "try another way": another factor the person has, a recovery code,
// and cancelling the sign-in (back to the portal, nobody signed in).

const TITLES = {
  de: ["Auf andere Weise bestätigen", "Anmeldung abbrechen"],
  en: ["Try another way", "Cancel sign-in"],
  fr: ["Essayer une autre méthode", "Annuler la connexion"],
} as const;

describe.each(embedded)("the second-factor step's other ways on $name", (target) => {
  let t: IdentityServer;

  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  /** The step after the right password, in `language`. */
  const step = async (email: string, language: keyof typeof TITLES = "de") => {
    const b = new TestBrowser(t.server.config.publicUrl);
    const request = await authorizationRequest(await t.web(), t.redirectUri, {
      ui_locales: language,
    });
    const next = await submitPassword(b, request.url, email, PASSWORD, t.redirectUri);
    return next.response.text();
  };
  const addPasskey = (personId: string) =>
    t.db.insert(passkeys).values({
      personId,
      credentialId: `cred-${personId}`,
      publicKey: "AQID",
      counter: 0,
      transports: ["internal"],
      name: "Laptop",
      passwordless: true,
    });
  const withCodes = (personId: string) =>
    replaceRecoveryCodes(t.db, personId, newRecoveryCodeSet(personId).hashes);
  /** The "try another way" section of a page. */
  const section = (page: string) => {
    const at = page.indexOf('data-qa="other-ways"');
    expect(at).toBeGreaterThan(0);
    return page.slice(at, page.indexOf("</section>", at));
  };

  it.each(["de", "en", "fr"] as const)(
    "with the app and a passkey: the code first, then the passkey, a recovery code and cancel (%s)",
    async (language) => {
      const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
      await addPasskey(person.id);
      await withCodes(person.id);
      const page = await step(person.email, language);
      const [title, cancel] = TITLES[language];
      expect(page.indexOf('id="kc-otp-login-form"')).toBeLessThan(
        page.indexOf('data-qa="other-ways"'),
      );
      const other = section(page);
      expect(other).toContain(`<h2 id="other-ways-title">${title}</h2>`);
      // The passkey is one of the other ways: its button is not the page's main one.
      expect(other).toContain('data-qa="passkey-second-factor"');
      expect(other).toMatch(/class="btn btn--secondary[^"]*" data-webauthn-start/);
      expect(other).toContain('data-qa="recovery-code-alternative"');
      expect(other).toContain(`href="${t.server.config.publicUrl}`);
      expect(other).toContain(`data-qa="second-factor-cancel">${cancel.replace("'", "&#39;")}</a>`);
      expect(other).not.toContain('data-qa="other-ways-none"');
    },
  );

  it("with only a passkey: the passkey is the step's own way, the others follow", async () => {
    const person = await createPerson(t.db);
    await addPasskey(person.id);
    await withCodes(person.id);
    const page = await step(person.email);
    expect(page).not.toContain('name="otp"');
    expect(page.indexOf('data-qa="passkey-second-factor"')).toBeLessThan(
      page.indexOf('data-qa="other-ways"'),
    );
    expect(page).toMatch(/class="btn btn--primary[^"]*" data-webauthn-start/);
    const other = section(page);
    expect(other).not.toContain('data-qa="passkey-second-factor"');
    expect(other).toContain('data-qa="recovery-code-alternative"');
    expect(other).toContain('data-qa="second-factor-cancel"');
  });

  it.each(["EMAIL", "AUTHENTICATOR_APP"] as const)(
    "with %s alone and no codes: says there is no other way, and offers cancel",
    async (factor) => {
      const person = await createPerson(t.db, { factor });
      const other = section(await step(person.email, "en"));
      expect(other).toContain(
        '<p data-qa="other-ways-none">You have no other second factor and no recovery codes.',
      );
      expect(other).toContain('data-qa="second-factor-cancel"');
      expect(other).not.toContain('data-qa="recovery-code-alternative"');
      // "Contact us" with the way to (issue 46).
      const { email } = t.server.config.supportContact;
      expect(other).toContain(
        `Our customer service: <a href="mailto:${email}" data-qa="other-ways-contact">${email}</a>`,
      );
    },
  );
});
