import { afterAll, describe, expect, it } from "vitest";
import {
  API,
  confirmedAccount,
  GOOD_PASSWORD,
  jsonRequest,
  latestMail,
  linkParam,
} from "../../test-support/api-helpers.js";
import { embedded } from "../../test-support/databases.js";
import { startKeycloakUsersFake } from "../../test-support/keycloak-users-fake.js";
import { useTestServer } from "../../test-support/use-test-server.js";

// Issue 47: the sign-in right after a confirmation must find the person's Keycloak user.
// The confirmation's answer (and a reset's) waits, bounded, for that person's push; every
// other answered write nudges the sync.
const keycloak = await startKeycloakUsersFake();
afterAll(() => keycloak.close());

describe.each(embedded)("the user sync of a server in Keycloak mode on $name", (target) => {
  const server = useTestServer(target, { oidcIssuer: keycloak.issuer, keycloakUserSync: true });

  it("answers the confirmation once the user is in Keycloak, not on the 5 s poll", async () => {
    const account = await confirmedAccount(server());
    // No waiting here: the answer came after the push (the race of docs/keycloak.md).
    expect(keycloak.usersOf(account.id)).toHaveLength(1);
    expect(keycloak.usersOf(account.id)[0]?.representation).toMatchObject({
      email: account.email,
      emailVerified: true,
      enabled: true,
    });
  });

  it("answers a password reset once Keycloak holds the new password", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const before = keycloak.usersOf(account.id)[0]?.credentials.map((c) => c.secretData);
    await t.call(
      `${API}/persons/request-password-reset-mail`,
      jsonRequest({ email: account.email }),
    );
    const mail = await latestMail(t, account.email);
    const res = await t.call(
      `${API}/persons/reset-password`,
      jsonRequest({
        passwordResetToken: linkParam(mail, "passwordResetToken"),
        newPassword: `${GOOD_PASSWORD}-neu`,
      }),
    );
    expect(res.status).toBe(204);
    const after = keycloak.usersOf(account.id)[0]?.credentials.map((c) => c.secretData);
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });
});
