import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { persons } from "../../db/schema/index.js";
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

// Issue 46: the notice at sign-in for a secured account named a cause ("a sign-in was
// reported as not yours") when the alert was about something else (a passkey added, a
// password changed). Any alert's link secures: the notice names no cause, only that the
// account was secured and that the reset mail is the way in.

const EXPECTED = {
  de: { secured: /Konto wurde gesichert/, mail: /E-Mail/, guess: /Anmeldung als fremd/ },
  en: { secured: /account was secured/, mail: /e-mail/, guess: /sign-in was not yours/ },
  fr: { secured: /compte a été sécurisé/, mail: /e-mail/, guess: /connexion qui n.était pas/ },
} as const;

describe.each(embedded)("the sign-in notice of a secured account on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  it.each(Object.keys(EXPECTED) as Array<keyof typeof EXPECTED>)(
    "%s: says the account was secured and the reset mail is the way in, guessing no cause",
    async (language) => {
      const person = await createPerson(t.db);
      await t.db.update(persons).set({ securedAt: new Date() }).where(eq(persons.id, person.id));
      const b = new TestBrowser(t.server.config.publicUrl);
      const request = await authorizationRequest(await t.web(), t.redirectUri, {
        ui_locales: language,
      });
      const page = await submitPassword(b, request.url, person.email, PASSWORD, t.redirectUri);
      const html = await page.response.text();
      const notice = /data-qa="login-secured"[^>]*>([\s\S]*?)<\/(?:div|p)>/.exec(html)?.[1] ?? "";
      const text = notice.replace(/<[^>]+>/g, "").replace(/&#39;|&#x27;/g, "'");
      expect(text).toMatch(EXPECTED[language].secured);
      expect(text).toMatch(EXPECTED[language].mail);
      expect(text).not.toMatch(EXPECTED[language].guess);
    },
  );
});
