import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { persons } from "../../db/schema/index.js";
import {
  API,
  confirmedAccount,
  jsonRequest,
  latestMail,
  linkParam,
} from "../../test-support/api-helpers.js";
import { embedded } from "../../test-support/databases.js";
import { useTestServer } from "../../test-support/use-test-server.js";

// Issue 34 on a portal whose issuer is Keycloak (the test server's issuer answers Keycloak's
// admin API): "This wasn't me" ends the person's Keycloak sessions, and a Keycloak that
// cannot be reached leaves the account as it was, so the person can try again.
describe.each(embedded)("securing with Keycloak as the issuer on $name", (target) => {
  const server = useTestServer(target);
  const secure = (token: string) =>
    server().call(`${API}/persons/me/secure-account`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
  const securedAt = async (id: string) =>
    (
      await server()
        .server.database.db.select({ securedAt: persons.securedAt })
        .from(persons)
        .where(eq(persons.id, id))
    )[0]?.securedAt ?? null;

  it("ends every Keycloak session of the person, this one too", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    t.issuer.realm.addUser(account.id, [`session-${account.id}`, "intruder"]);
    expect((await secure(account.token)).status).toBe(204);
    expect(t.issuer.realm.sessionsOf(account.id)).toEqual([]);
    expect(await securedAt(account.id)).toBeInstanceOf(Date);
  });

  it("writes nothing when Keycloak cannot end them, and secures on the next try", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    t.issuer.realm.addUser(account.id, ["intruder"]);
    t.issuer.realm.unavailable = true;
    try {
      const refused = await secure(account.token);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual([{ errorCode: "BACKEND_ERROR" }]);
    } finally {
      t.issuer.realm.unavailable = false;
    }
    expect(await securedAt(account.id)).toBeNull();
    expect(t.issuer.realm.sessionsOf(account.id)).toEqual(["intruder"]);
    expect((await secure(account.token)).status).toBe(204);
    expect(t.issuer.realm.sessionsOf(account.id)).toEqual([]);
  });

  // Issue 47: a password change ends the other sessions before it writes (end-sign-ins.ts).
  it("changes no password when Keycloak cannot end the other sessions, and on the next try does", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    t.issuer.realm.addUser(account.id, [`session-${account.id}`, "elsewhere"]);
    const change = () =>
      t.call(
        `${API}/persons/me/change-password`,
        jsonRequest(
          { oldPassword: account.password, newPassword: "Next-Passw0rd!x" },
          { token: account.token },
        ),
      );
    t.issuer.realm.unavailable = true;
    try {
      const refused = await change();
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual([{ errorCode: "BACKEND_ERROR" }]);
    } finally {
      t.issuer.realm.unavailable = false;
    }
    expect(t.issuer.realm.sessionsOf(account.id)).toEqual([`session-${account.id}`, "elsewhere"]);
    // The old password is still the password: the same change goes through now.
    expect((await change()).status).toBe(204);
    expect(t.issuer.realm.sessionsOf(account.id)).toEqual([`session-${account.id}`]);
  });

  // The reset ends every session before it writes: the link stays usable for the next try.
  it("resets no password when Keycloak cannot end the sessions; the same link works later", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    t.issuer.realm.addUser(account.id, ["elsewhere"]);
    await t.call(
      `${API}/persons/request-password-reset-mail`,
      jsonRequest({ email: account.email }),
    );
    const token = linkParam(await latestMail(t, account.email), "passwordResetToken");
    const reset = () =>
      t.call(
        `${API}/persons/reset-password`,
        jsonRequest({ passwordResetToken: token, newPassword: "Reset-Passw0rd!x" }),
      );
    t.issuer.realm.unavailable = true;
    try {
      expect((await reset()).status).toBe(503);
    } finally {
      t.issuer.realm.unavailable = false;
    }
    expect(t.issuer.realm.sessionsOf(account.id)).toEqual(["elsewhere"]);
    expect((await reset()).status).toBe(204);
    expect(t.issuer.realm.sessionsOf(account.id)).toEqual([]);
  });
});
