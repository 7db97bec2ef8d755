import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestIssuer,
  TEST_SUPPORT_SECRET,
  type TestIssuer,
} from "../../test-support/test-issuer.js";
import { adminBaseOf, createKeycloakAdmin, KeycloakAdminError } from "./admin-client.js";
import { createKeycloakSessionRevoker } from "./session-revoker.js";

// Issue 34: with Keycloak as the issuer, the portal's "end every sign-in" (password change,
// reset, securing, deletion, an undone e-mail change) reaches Keycloak's sessions through
// its admin API. The test issuer answers Keycloak's documented admin paths and shapes.
let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(() => issuer.close());

const admin = (clientSecret = TEST_SUPPORT_SECRET) =>
  createKeycloakAdmin({ issuer: issuer.issuer, clientId: "portal-support", clientSecret });

describe("Keycloak session revoker", () => {
  it("ends every session of the person's Keycloak user, and nobody else's", async () => {
    issuer.realm.addUser("p-all", ["s1", "s2"]);
    issuer.realm.addUser("p-other", ["s3"]);
    await createKeycloakSessionRevoker(admin()).revokeAllForPerson("p-all");
    expect(issuer.realm.sessionsOf("p-all")).toEqual([]);
    expect(issuer.realm.sessionsOf("p-other")).toEqual(["s3"]);
    expect(issuer.realm.calls.at(-2)).toBe("GET /users?q=cr_id%3Ap-all&briefRepresentation=false");
    expect(issuer.realm.calls.at(-1)).toMatch(/^POST \/users\/[^/]+\/logout$/);
  });

  it("keeps the caller's own session when asked (a password change elsewhere)", async () => {
    issuer.realm.addUser("p-keep", ["own", "other-1", "other-2"]);
    await createKeycloakSessionRevoker(admin()).revokeAllForPerson("p-keep", "own");
    expect(issuer.realm.sessionsOf("p-keep")).toEqual(["own"]);
  });

  it("does nothing for a person Keycloak does not know", async () => {
    const before = issuer.realm.calls.length;
    await createKeycloakSessionRevoker(admin()).revokeAllForPerson("p-unknown");
    expect(issuer.realm.calls.slice(before)).toEqual([
      "GET /users?q=cr_id%3Ap-unknown&briefRepresentation=false",
    ]);
  });

  it("reuses its token across calls", async () => {
    const client = admin();
    issuer.realm.addUser("p-token-1", ["a"]);
    issuer.realm.addUser("p-token-2", ["b"]);
    const revoker = createKeycloakSessionRevoker(client);
    const tokensBefore = issuer.realm.tokensIssued();
    await revoker.revokeAllForPerson("p-token-1");
    await revoker.revokeAllForPerson("p-token-2");
    expect(issuer.realm.tokensIssued() - tokensBefore).toBe(1);
  });

  it("fails when Keycloak refuses the client, so the caller does not claim it worked", async () => {
    issuer.realm.addUser("p-refused", ["s"]);
    await expect(
      createKeycloakSessionRevoker(admin("wrong-secret")).revokeAllForPerson("p-refused"),
    ).rejects.toThrow();
    expect(issuer.realm.sessionsOf("p-refused")).toEqual(["s"]);
  });

  it("names method, path and status when an admin call fails", async () => {
    await expect(admin().send("DELETE", "/nothing-here")).rejects.toThrow(
      new KeycloakAdminError(404, "DELETE", "/nothing-here"),
    );
  });
});

describe("adminBaseOf", () => {
  it.each([
    ["https://kc.example/realms/portal", "https://kc.example/admin/realms/portal"],
    ["https://kc.example/auth/realms/portal/", "https://kc.example/auth/admin/realms/portal"],
    ["https://kc.example/oidc", undefined],
  ])("%s -> %s", (issuerUrl, base) => {
    expect(adminBaseOf(issuerUrl)).toBe(base);
  });
});
