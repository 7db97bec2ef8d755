import { afterAll, describe, expect, it, vi } from "vitest";
import { confirmedAccount } from "../../test-support/api-helpers.js";
import { embedded } from "../../test-support/databases.js";
import { startKeycloakUsersFake } from "../../test-support/keycloak-users-fake.js";
import { useTestServer } from "../../test-support/use-test-server.js";

// Issue 47: the sign-in right after a confirmation must find the person's Keycloak user.
// No flow calls the sync: the server nudges it after each answered write.
const keycloak = await startKeycloakUsersFake();
afterAll(() => keycloak.close());

describe.each(embedded)("the user sync of a server in Keycloak mode on $name", (target) => {
  const server = useTestServer(target, { oidcIssuer: keycloak.issuer, keycloakUserSync: true });

  it("creates the user right after the confirmation's answer, not on the 5 s poll", async () => {
    const account = await confirmedAccount(server());
    await vi.waitFor(() => expect(keycloak.usersOf(account.id)).toHaveLength(1), {
      timeout: 1000,
    });
    expect(keycloak.usersOf(account.id)[0]?.representation).toMatchObject({
      email: account.email,
      emailVerified: true,
      enabled: true,
    });
  });
});
