import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeys } from "../../db/schema/passkeys.js";
import { databases } from "../../test-support/databases.js";
import { listCredentials } from "../account/account-credentials.js";
import { formAction } from "../testing/browser.js";
import {
  createPerson,
  type IdentityServer,
  signIn,
  startIdentityServer,
} from "../testing/identity-kit.js";
import { passkeyKit } from "../testing/passkey-kit.js";
import { offeredOptions } from "../testing/software-authenticator.js";

// Registering a passkey through Keycloak's application-initiated actions at the embedded
// provider: the scripts it needs, devices that already hold one, answers for another origin
// and garbage, cancelling, and how a registered passkey is listed in Keycloak's shape.

describe.each(databases)("passkey registration at the embedded provider on $name", (target) => {
  let t: IdentityServer;
  const { authenticator, openAction, registered, passkeyEvents, alertsTo } = passkeyKit(() => t);

  beforeAll(async () => {
    t = await startIdentityServer(target);
  }, 60_000);
  afterAll(() => t?.close());

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
});
