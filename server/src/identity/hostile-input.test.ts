import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databases } from "../test-support/databases.js";
import { TestBrowser } from "./testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  startIdentityServer,
  submitPassword,
} from "./testing/identity-kit.js";

// Issue 14: the provider's own forms take the contracts' single-line rule, so a control
// character in the username is the normal "invalid" answer, never a 5xx.
describe.each(databases)("sign-in page refuses control characters on $name", (target) => {
  let t: IdentityServer;
  const browser = () => new TestBrowser(t.server.config.publicUrl);

  beforeAll(async () => {
    t = await startIdentityServer(target);
  }, 60_000);
  afterAll(() => t?.close());

  it.each([
    ["a NUL", (email: string) => `${email}\u0000`],
    ["a NUL inside", (email: string) => email.replace("@", "\u0000@")],
    ["a line feed", (email: string) => `${email}\nBcc: x@evil.example`],
    ["a right-to-left override", (email: string) => `\u202e${email}`],
    ["a zero-width space", (email: string) => email.replace("@", "\u200b@")],
    ["a lone surrogate", (email: string) => `${email}\ud800`],
    ["300 characters", (email: string) => `${"a".repeat(300)}${email}`],
  ])(
    "a username with %s: the sign-in page again with its error, not signed in",
    async (_l, hostile) => {
      const person = await createPerson(t.db);
      const request = await authorizationRequest(await t.web(), t.redirectUri);
      const next = await submitPassword(
        browser(),
        request.url,
        hostile(person.email),
        PASSWORD,
        t.redirectUri,
      );
      expect(next.response.status).toBe(200);
      const page = await next.response.text();
      expect(page).toContain('data-qa="login-error"');
      expect(page).toContain('name="username"');
    },
  );
});
