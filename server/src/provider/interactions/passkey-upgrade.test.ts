import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeys } from "../../db/schema/passkeys.js";
import { persons } from "../../db/schema/persons.js";
import { databases } from "../../test-support/databases.js";
import { formAction, type TestBrowser } from "../testing/browser.js";
import {
  createPerson,
  type IdentityServer,
  PASSWORD,
  startIdentityServer,
} from "../testing/identity-kit.js";
import { passkeyKit } from "../testing/passkey-kit.js";
import { offeredOptions } from "../testing/software-authenticator.js";

// Issue 49, item 1: after a complete password sign-in, a browser whose sign-in page said it
// can create a passkey without a dialog gets a short page that lets it; the passkey is
// stored and announced like any other, and the sign-in finishes whatever the browser answers.

const GOOGLE_PASSWORD_MANAGER = "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4";
const FORM = "kc-passkey-upgrade-form";

describe.each(databases)("passkey upgrade after a password sign-in on $name", (target) => {
  let t: IdentityServer;
  const kit = passkeyKit(() => t);

  beforeAll(async () => {
    t = await startIdentityServer(target);
  }, 60_000);
  afterAll(() => t?.close());

  /** A password sign-in of a new person, the capability said (`hint`) or not. */
  const passwordSignIn = async (hint: boolean, b: TestBrowser = kit.browser(), upgrade = true) => {
    const person = await createPerson(t.db);
    if (!upgrade) {
      await t.db.update(persons).set({ passkeyUpgrade: false }).where(eq(persons.id, person.id));
    }
    const { page } = await kit.loginPage(b);
    expect(page).toContain('name="passkey_upgrade"');
    expect(page).toContain("/resources/passkey-upgrade.js");
    const done = await b.submit(
      formAction(page, "kc-form-login"),
      {
        username: person.email,
        password: PASSWORD,
        ...(hint ? { passkey_upgrade: "conditional-create" } : {}),
      },
      t.redirectUri,
    );
    return { person, b, done };
  };

  const rowsOf = (personId: string) =>
    t.db.select().from(passkeys).where(eq(passkeys.personId, personId));

  it("finishes the sign-in at once where the sign-in page did not say the browser can", async () => {
    const { done } = await passwordSignIn(false);
    expect(done.url.startsWith(t.redirectUri)).toBe(true);
    expect(new URL(done.url).searchParams.get("code")).toBeTruthy();
  });

  it("finishes the sign-in at once for a person who turned the offer off", async () => {
    const { person, done } = await passwordSignIn(true, kit.browser(), false);
    expect(done.url.startsWith(t.redirectUri)).toBe(true);
    expect(new URL(done.url).searchParams.get("code")).toBeTruthy();
    expect(await rowsOf(person.id)).toEqual([]);
  });

  it("stores the passkey the browser created, named after its provider and announced, then finishes", async () => {
    const { person, b, done } = await passwordSignIn(true);
    const page = await done.response.text();
    expect(page).toContain('data-qa="passkey-upgrade-form"');
    expect(page).toContain('data-passkey-upgrade-wait="3000"');
    const options = offeredOptions(page, FORM) as unknown as {
      user: { name: string; displayName: string };
      authenticatorSelection: Record<string, unknown>;
    };
    expect(options.user.name).toBe(person.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required" });
    // A conditional create verifies nobody: the answer is taken without user verification.
    const credential = kit
      .authenticator()
      .create(offeredOptions(page, FORM), { userVerified: false, aaguid: GOOGLE_PASSWORD_MANAGER });
    const finished = await b.submit(
      formAction(page, FORM),
      { credential: JSON.stringify(credential) },
      t.redirectUri,
    );
    expect(finished.url.startsWith(t.redirectUri)).toBe(true);
    const rows = await rowsOf(person.id);
    expect(rows.map((r) => [r.name, r.passwordless, r.credentialId])).toEqual([
      ["Google Password Manager", true, credential.id],
    ]);
    expect(await kit.passkeyEvents(person.id)).toEqual([
      { kind: "passkey-added", factor: "passkey" },
    ]);
    expect(await kit.alertsTo(person.email)).toHaveLength(1);
  });

  it("goes on without a passkey when the browser answers nothing, garbage or for another origin", async () => {
    for (const answer of ["", "{", '{"id":1}', "foreign"]) {
      const { person, b, done } = await passwordSignIn(true);
      const page = await done.response.text();
      const credential =
        answer === "foreign"
          ? JSON.stringify(
              kit
                .authenticator()
                .create(offeredOptions(page, FORM), { origin: "https://evil.example" }),
            )
          : answer;
      const finished = await b.submit(formAction(page, FORM), { credential }, t.redirectUri);
      expect(finished.url.startsWith(t.redirectUri)).toBe(true);
      expect(await rowsOf(person.id)).toEqual([]);
    }
  });

  it("is offered once: the interaction's page afterwards finishes the sign-in", async () => {
    const { b, done } = await passwordSignIn(true);
    const page = await done.response.text();
    expect(page).toContain('data-qa="passkey-upgrade-form"');
    // A reload of the interaction's page (or "Continue" without an answer) goes on to the app.
    const again = await b.open(done.url, t.redirectUri);
    expect(again.url.startsWith(t.redirectUri)).toBe(true);
  });

  it("comes only after the second factor, never after the password alone", async () => {
    const { person } = await kit.registered("webauthn-register-passwordless");
    const b = kit.browser();
    const { page } = await kit.loginPage(b);
    const done = await b.submit(
      formAction(page, "kc-form-login"),
      { username: person.email, password: PASSWORD, passkey_upgrade: "conditional-create" },
      t.redirectUri,
    );
    const next = await done.response.text();
    expect(next).toContain('data-qa="passkey-2fa-form"');
    expect(next).not.toContain('data-qa="passkey-upgrade-form"');
  });

  it("stores one passkey of one answer posted eight times at once", async () => {
    const { person, b, done } = await passwordSignIn(true);
    const page = await done.response.text();
    const credential = JSON.stringify(kit.authenticator().create(offeredOptions(page, FORM)));
    await Promise.all(
      Array.from({ length: 8 }, () =>
        b.submit(formAction(page, FORM), { credential }, t.redirectUri).catch(() => undefined),
      ),
    );
    expect(await rowsOf(person.id)).toHaveLength(1);
    expect(await kit.passkeyEvents(person.id)).toHaveLength(1);
  });
});
