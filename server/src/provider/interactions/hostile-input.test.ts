import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedded } from "../../test-support/databases.js";
import { formAction, TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  startIdentityServer,
  submitPassword,
} from "../testing/identity-kit.js";

// Issue 14: the provider's own forms take the contracts' single-line rule, so a control
// character in the username is the normal "invalid" answer, never a 5xx.
describe.each(embedded)("sign-in page refuses control characters on $name", (target) => {
  let t: IdentityServer;
  const browser = () => new TestBrowser(t.server.config.publicUrl);

  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
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

  it.each([
    ["a NUL", "12345\u0000"],
    ["a line feed", "123456\n"],
    ["a right-to-left override", "\u202e123456"],
    ["a lone surrogate", "12345\ud800"],
    ["10 000 characters", "1".repeat(10_000)],
  ])("a second-factor code with %s: the code page again with its error", async (_l, code) => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const b = browser();
    const request = await authorizationRequest(await t.web(), t.redirectUri);
    const next = await submitPassword(b, request.url, person.email, PASSWORD, t.redirectUri);
    const page = await next.response.text();
    const after = await b.submit(
      formAction(page, "kc-otp-login-form"),
      { otp: code },
      t.redirectUri,
    );
    expect(after.response.status).toBe(200);
    expect(await after.response.text()).toContain('data-qa="otp-error"');
  });
});
