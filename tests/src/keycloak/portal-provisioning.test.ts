import { randomBytes } from "node:crypto";
import { type RunningServer, startServer } from "@portal/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProvisionedDatabase } from "../../../server/src/test-support/databases.js";
import { databases } from "../../../server/src/test-support/databases.js";
import { freshAccount, registerConfirmedAccount } from "../support/accounts-api.js";
import { SettledOutbox } from "../support/settled-outbox.js";
import { admin, issuer, redirectUri, supportSecret as secret } from "./keycloak-env.js";
import { signInOnLoginPage } from "./login-form.js";

// Issue 47 item 2, end to end: a portal started in Keycloak mode (OIDC_ISSUER the real
// Keycloak) provisions a person registered and confirmed through its API, so the person
// signs in on Keycloak's own page right after the confirmation.

describe("a portal in Keycloak mode", () => {
  let server: RunningServer;
  let provisioned: ProvisionedDatabase;
  beforeAll(async () => {
    const pglite = databases.find((d) => d.name === "pglite");
    if (!pglite) throw new Error("no PGlite test database");
    provisioned = await pglite.provision();
    server = await startServer({
      port: 0,
      host: "127.0.0.1",
      logLevel: "silent",
      dataDir: provisioned.dataDir,
      databaseUrl: undefined,
      smtpUrl: undefined,
      companySeedCount: 300,
      oidcIssuer: issuer,
      supportClientSecret: secret,
    });
  });
  afterAll(async () => {
    await server?.close();
    await provisioned?.dispose();
  });

  const account = freshAccount("kc-provisioned");

  it("has the person's Keycloak user right after the confirmation (nudged, not polled)", async () => {
    const outbox = new SettledOutbox(server.url);
    await registerConfirmedAccount(server.url, outbox, { ...account, password: randomPassword });
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
