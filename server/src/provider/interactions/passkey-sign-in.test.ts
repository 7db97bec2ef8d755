import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeys } from "../../db/schema/passkeys.js";
import { securityEvents } from "../../db/schema/security-events.js";
import { databases } from "../../test-support/databases.js";
import { formAction } from "../testing/browser.js";
import {
  authorizationRequest,
  type IdentityServer,
  PASSWORD,
  redeem,
  startIdentityServer,
  submitPassword,
} from "../testing/identity-kit.js";
import { passkeyKit } from "../testing/passkey-kit.js";
import { offeredOptions } from "../testing/software-authenticator.js";

// Signing in with a passkey at the embedded provider: without a password (user verified),
// and as the second factor after the password; older second-factor-only passkeys stay out
// of the sign-in without a password.

describe.each(databases)("passkey sign-in at the embedded provider on $name", (target) => {
  let t: IdentityServer;
  const { browser, registered, loginPage } = passkeyKit(() => t);

  beforeAll(async () => {
    t = await startIdentityServer(target);
  }, 60_000);
  afterAll(() => t?.close());

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
    // The activity says how (issue 46: a passkey sign-in showed as a plain "signed in").
    const signIns = await t.db
      .select({ details: securityEvents.details })
      .from(securityEvents)
      .where(and(eq(securityEvents.personId, person.id), eq(securityEvents.kind, "sign-in")));
    expect(signIns.map((e) => e.details.factor)).toContain("passkey");
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
});
