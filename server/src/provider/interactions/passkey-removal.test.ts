import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newRecoveryCodeSet,
  recoveryCodeStatus,
  replaceRecoveryCodes,
} from "../../credentials/index.js";
import { outboxMessages } from "../../db/schema/outbox.js";
import { passkeys } from "../../db/schema/passkeys.js";
import { databases } from "../../test-support/databases.js";
import { FIREFOX_ON_LINUX, formAction } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  signIn,
  startIdentityServer,
} from "../testing/identity-kit.js";
import { passkeyKit } from "../testing/passkey-kit.js";

// Removing a passkey with Keycloak's delete_credential action: the activity log and alert
// mails, the recovery codes once no second factor is left, and never another person's.

describe.each(databases)("passkey removal at the embedded provider on $name", (target) => {
  let t: IdentityServer;
  const { openAction, registered, passkeyEvents, alertsTo } = passkeyKit(() => t);

  beforeAll(async () => {
    t = await startIdentityServer(target);
  }, 60_000);
  afterAll(() => t?.close());

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
