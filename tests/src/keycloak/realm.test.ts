import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";

// keycloak/realm-portal.json as Keycloak imported it (scripts/keycloak.sh up; the global
// set-up provides the addresses): what the portal's server and web app rely on.
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} missing: run through tests/src/keycloak/vitest.config.ts`);
  return value;
};
const issuer = env("KEYCLOAK_ISSUER");
const origin = env("KEYCLOAK_PORTAL_ORIGIN");
const secret = env("KEYCLOAK_SUPPORT_SECRET");
const oidc = `${issuer}/protocol/openid-connect`;
const admin = issuer.replace("/realms/", "/admin/realms/");

const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8"));

const clientCredentials = (clientSecret: string) =>
  fetch(`${oidc}/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`portal-support:${clientSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "client_credentials" }),
  });

const supportToken = async (): Promise<string> => {
  const answer = await clientCredentials(secret);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
};

// The start of a sign-in of the web app (keycloak-js: code flow with PKCE); Keycloak shows
// its login page for a registered redirect URI and an error page for any other.
const authorize = (redirectUri: string) =>
  fetch(
    `${oidc}/auth?${new URLSearchParams({
      client_id: "benutzerverwaltung",
      response_type: "code",
      scope: "openid",
      redirect_uri: redirectUri,
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    })}`,
  );

describe("the realm portal on Keycloak", () => {
  it("answers discovery at the issuer", async () => {
    const answer = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(answer.status).toBe(200);
    const metadata = (await answer.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer,
      authorization_endpoint: `${oidc}/auth`,
      token_endpoint: `${oidc}/token`,
      jwks_uri: `${oidc}/certs`,
      device_authorization_endpoint: `${oidc}/auth/device`,
    });
    expect(metadata.code_challenge_methods_supported).toContain("S256");
  });

  it("gives portal-support a token for its secret, with the role and the basic claims", async () => {
    const claims = claimsOf(await supportToken());
    expect(claims).toMatchObject({ iss: issuer, azp: "portal-support", typ: "Bearer" });
    expect(claims.sub).toEqual(expect.any(String));
    expect(claims.realm_access).toMatchObject({
      roles: expect.arrayContaining(["portal-support"]),
    });
    const wrong = await clientCredentials(`${secret}x`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: "unauthorized_client" });
  });

  it("lets benutzerverwaltung sign in back to PORTAL_PUBLIC_URL's app only", async () => {
    for (const page of ["", "silent-check-sso.html", "konto?tab=1"]) {
      const answer = await authorize(`${origin}/benutzerverwaltung/${page}`);
      expect(answer.status, page).toBe(200);
      await answer.body?.cancel();
    }
    const foreign = await authorize("https://elsewhere.example/benutzerverwaltung/");
    expect(foreign.status).toBe(400);
    await foreign.body?.cancel();
  });

  it("answers the app's origin across origins (web origins) and refuses another", async () => {
    const tokenCall = (from: string) =>
      fetch(`${oidc}/token`, {
        method: "POST",
        headers: { origin: from },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          client_id: "benutzerverwaltung",
          code: "not-a-code",
          redirect_uri: `${origin}/benutzerverwaltung/`,
        }),
      });
    const own = await tokenCall(origin);
    expect(own.status).toBe(400);
    expect(own.headers.get("access-control-allow-origin")).toBe(origin);
    await own.body?.cancel();
    const other = await tokenCall("https://elsewhere.example");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    await other.body?.cancel();
  });

  it("keeps the cr_* attributes the admin API sets, found by cr_id as the portal searches", async () => {
    const token = await supportToken();
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const personId = randomUUID();
    const email = `kc-${personId}@example.org`;
    const attributes = {
      cr_id: [personId],
      member_mapping: ["MEMBER"],
      member_number: ["4711"],
      roles: ["ADMIN", "MEMBER"],
    };
    const created = await fetch(`${admin}/users`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        username: email,
        email,
        firstName: "K",
        lastName: "C",
        enabled: true,
        attributes,
      }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    try {
      const query = new URLSearchParams({ q: `cr_id:${personId}`, briefRepresentation: "false" });
      const found = await fetch(`${admin}/users?${query}`, { headers });
      const users = (await found.json()) as { id: string; attributes?: unknown }[];
      expect(users).toHaveLength(1);
      expect(users[0]?.attributes).toEqual(attributes);
      // The session revoker's call (server/src/provider/keycloak/session-revoker.ts).
      const logout = await fetch(`${admin}/users/${users[0]?.id}/logout`, {
        method: "POST",
        headers,
      });
      expect(logout.status).toBe(204);
    } finally {
      await fetch(location, { method: "DELETE", headers });
    }
  });
});
