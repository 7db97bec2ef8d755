import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mfaCredentials } from "../../db/schema/mfa-credentials.js";
import { outboxMessages } from "../../db/schema/outbox.js";
import { securityEvents } from "../../db/schema/security-events.js";
import { formAction, TestBrowser } from "../../provider/testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  startIdentityServer,
  submitPassword,
} from "../../provider/testing/identity-kit.js";
import { databases } from "../../test-support/databases.js";

// Issue 34's hole: a new set of recovery codes in place of the old one went unnoticed, yet
// whoever made it holds codes that pass the second factor. Now it is an activity entry and
// an alert mail (with its "This wasn't me" link); the first set, which comes with its
// factor's own alert, is neither.

const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

describe.each(databases)("regenerated recovery codes on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  /** Password and app code in a new browser, then the set-up action saved once. */
  const setUpCodes = async (person: { id: string; email: string; secret: string | null }) => {
    // Each app code works once per 30 s step; this signs in twice within one.
    await t.db
      .update(mfaCredentials)
      .set({ lastUsedStep: null })
      .where(eq(mfaCredentials.personId, person.id));
    const b = new TestBrowser(t.server.config.publicUrl);
    const config = await t.web();
    const signIn = await authorizationRequest(config, t.redirectUri);
    const next = await submitPassword(b, signIn.url, person.email, PASSWORD, t.redirectUri);
    await b.submit(
      formAction(await next.response.text(), "kc-otp-login-form"),
      { otp: codeOf(person.secret ?? "") },
      t.redirectUri,
    );
    const request = await authorizationRequest(config, t.redirectUri, {
      kc_action: "CONFIGURE_RECOVERY_AUTHN_CODES",
    });
    const page = await (await b.open(request.url.toString(), t.redirectUri)).response.text();
    const done = await b.submit(
      formAction(page, "kc-recovery-codes-settings-form"),
      { saved: "true" },
      t.redirectUri,
    );
    expect(new URL(done.url).searchParams.get("kc_action_status")).toBe("success");
  };

  it("a new set in place of one is an activity entry and an alert mail; the first set is neither", async () => {
    const person = await createPerson(t.db, { factor: "AUTHENTICATOR_APP" });
    const regenerated = async () => ({
      events: (
        await t.db.select().from(securityEvents).where(eq(securityEvents.personId, person.id))
      ).filter((r) => r.kind === "recovery-codes-regenerated"),
      mails: (
        await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, person.email))
      ).filter((r) => r.template === "recoveryCodesRegeneratedAlert"),
    });
    await setUpCodes(person);
    expect(await regenerated()).toEqual({ events: [], mails: [] });
    await setUpCodes(person);
    const after = await regenerated();
    expect(after.events).toHaveLength(1);
    expect(after.mails).toHaveLength(1);
    // Its "This wasn't me" link like every alert's.
    expect(after.mails[0]?.text).toContain("/benutzerverwaltung/konto/sichern?token=");
  });
});
