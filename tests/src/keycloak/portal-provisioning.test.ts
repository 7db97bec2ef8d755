import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshAccount, registerConfirmedAccount } from "../support/accounts-api.js";
import {
  admin,
  issuer,
  type KeycloakPortal,
  redirectUri,
  startKeycloakPortal,
} from "./keycloak-portal.js";
import { signInOnLoginPage } from "./login-form.js";

// Issue 47 item 2, end to end: a portal started in Keycloak mode (OIDC_ISSUER the real
// Keycloak) provisions a person registered and confirmed through its API, so the person
// signs in on Keycloak's own page right after the confirmation.

describe("a portal in Keycloak mode", () => {
  let server: KeycloakPortal;
  beforeAll(async () => {
    server = await startKeycloakPortal();
  });
  afterAll(() => server?.close());

  const account = freshAccount("kc-provisioned");

  it("has the person's Keycloak user right after the confirmation (nudged, not polled)", async () => {
    await registerConfirmedAccount(server.url, server.outbox, {
      ...account,
      password: randomPassword,
    });
    const confirmed = performance.now();
    // The confirmation's answer nudged the sync; Keycloak is asked until the user is there.
    let users: unknown[] = [];
    while (users.length === 0 && performance.now() - confirmed < 4000) {
      users = await admin.get<unknown[]>(
        `/users?${new URLSearchParams({ email: account.email, exact: "true" })}`,
      );
    }
    const elapsed = Math.round(performance.now() - confirmed);
    process.stdout.write(`confirmation to user in Keycloak: ${elapsed} ms\n`);
    expect(users).toHaveLength(1);
  });

  it("signs the person in on Keycloak's page with the password given at registration", async () => {
    expect(
      await signInOnLoginPage({
        issuer,
        redirectUri,
        username: account.email,
        password: randomPassword,
      }),
    ).toBe(true);
  });
});

const randomPassword = `Kq7!${randomBytes(6).toString("hex")}zT4#`;
