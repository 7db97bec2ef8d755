import { decodeJwt, decodeProtectedHeader } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedded } from "../../test-support/databases.js";
import { FORM_POSTS_PER_MINUTE } from "../interactions/form-post-limit.js";
import { TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  signIn,
  startIdentityServer,
  WEB_CLIENT,
} from "../testing/identity-kit.js";

describe.each(embedded)("embedded provider, code flow on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  it("publishes Keycloak's endpoints for realm portal", async () => {
    const res = await fetch(`${t.issuer}/.well-known/openid-configuration`);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta.issuer).toBe(t.issuer);
    expect(meta.authorization_endpoint).toBe(`${t.issuer}/protocol/openid-connect/auth`);
    expect(meta.token_endpoint).toBe(`${t.issuer}/protocol/openid-connect/token`);
    expect(meta.end_session_endpoint).toBe(`${t.issuer}/protocol/openid-connect/logout`);
    expect(meta.userinfo_endpoint).toBe(`${t.issuer}/protocol/openid-connect/userinfo`);
    expect(meta.jwks_uri).toBe(`${t.issuer}/protocol/openid-connect/certs`);
    expect(meta.device_authorization_endpoint).toBe(
      `${t.issuer}/protocol/openid-connect/auth/device`,
    );
    expect(meta.response_types_supported).toEqual(["code"]);
    expect(meta.grant_types_supported).not.toContain("implicit");
    expect(meta.grant_types_supported).not.toContain("password");
    expect(meta.code_challenge_methods_supported).toEqual(["S256"]);
  });

  it("signs in with code + PKCE and issues Keycloak-shaped tokens", async () => {
    const person = await createPerson(t.db, {
      roles: ["ABC.VERTRETUNGSBERECHTIGUNG;123"],
      memberMapping: "MAP-1",
      memberNumber: "123456",
    });
    const { tokens } = await signIn(t, person.email);
    const access = decodeJwt(tokens.access_token);
    // Issue 48: ES256, far cheaper to sign than RS256, for both tokens of a sign-in.
    expect(decodeProtectedHeader(tokens.access_token).alg).toBe("ES256");
    expect(decodeProtectedHeader(tokens.id_token ?? "").alg).toBe("ES256");
    expect(access).toMatchObject({
      iss: t.issuer,
      sub: person.id,
      azp: WEB_CLIENT,
      aud: WEB_CLIENT,
      typ: "Bearer",
      cr_id: person.id,
      cr_mapping: "MAP-1",
      cr_membernumber: "123456",
      cr_userrole: ["ABC.VERTRETUNGSBERECHTIGUNG;123"],
      realm_access: { roles: ["default-roles-portal"] },
      preferred_username: person.email,
      email: person.email,
    });
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(300);
    expect(tokens.expires_in).toBe(300);
    const id = tokens.claims();
    expect(id?.sub).toBe(person.id);
    expect(id?.cr_id).toBe(person.id);
    // keycloak-js decodes the refresh token: it must be a JWT.
    const refresh = decodeJwt(tokens.refresh_token ?? "");
    expect(refresh).toMatchObject({
      typ: "Refresh",
      sub: person.id,
      azp: WEB_CLIENT,
      iss: t.issuer,
    });
    // The portal's API accepts the access token (its verifier follows the issuer's JWKS).
    const me = await fetch(`${t.server.url}/api/user-management/persons/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
  });

  it("requires PKCE S256 and a registered redirect URI", async () => {
    const config = await t.web();
    const browser = new TestBrowser(t.server.config.publicUrl);
    const noPkce = oidc.buildAuthorizationUrl(config, {
      redirect_uri: t.redirectUri,
      scope: "openid",
    });
    const refused = await browser.open(noPkce.toString(), t.redirectUri);
    expect(refused.url).toContain("error=invalid_request");
    const foreign = await authorizationRequest(
      config,
      "https://evil.example.org/benutzerverwaltung/",
    );
    const page = await browser.open(foreign.url.toString());
    expect(page.response.status).toBe(400);
    expect(await page.response.text()).toContain("invalid_redirect_uri");
  });

  it("accepts any page of the web app as redirect URI, with its query", async () => {
    const config = await t.web();
    const target = `${t.server.config.publicUrl}/benutzerverwaltung/registrieren?prk=MC&client_id=x`;
    const request = await authorizationRequest(config, target);
    const browser = new TestBrowser(t.server.config.publicUrl);
    const page = await browser.open(request.url.toString(), target);
    expect(await page.response.text()).toContain('id="kc-form-login"');
  });

  it("answers prompt=none with login_required when signed out (silent check-sso)", async () => {
    const config = await t.web();
    const silent = `${t.server.config.publicUrl}/benutzerverwaltung/silent-check-sso.html`;
    const request = await authorizationRequest(config, silent, { prompt: "none" });
    const browser = new TestBrowser(t.server.config.publicUrl);
    const result = await browser.open(request.url.toString(), silent);
    expect(new URL(result.url).searchParams.get("error")).toBe("login_required");
  });

  it("signs in silently with prompt=none while the session lasts", async () => {
    const person = await createPerson(t.db);
    const { browser, config } = await signIn(t, person.email);
    const request = await authorizationRequest(config, t.redirectUri, { prompt: "none" });
    const result = await browser.open(request.url.toString(), t.redirectUri);
    expect(new URL(result.url).searchParams.get("code")).toBeTruthy();
  });

  it.each(["step1.html", "step1.js", "step2.html", "step2.js"])(
    "serves Keycloak's 3p-cookies/%s (keycloak-js loads it before a silent check-sso)",
    async (file) => {
      const res = await fetch(`${t.issuer}/protocol/openid-connect/3p-cookies/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
      const body = await res.text();
      expect(body).not.toMatch(/<script>/);
      if (file === "step2.js") expect(body).toContain('"supported"');
    },
  );

  // Last: it uses up this address's budget of form posts.
  it("answers 429 with a wait once one address posted too many sign-in forms in a minute", async () => {
    let refused: Response | undefined;
    for (let i = 0; i <= FORM_POSTS_PER_MINUTE && !refused; i++) {
      const res = await fetch(`${t.server.url}/realms/portal/login-actions/unknown/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "username=a%40example.org&password=x",
      });
      if (res.status === 429) refused = res;
      else await res.body?.cancel();
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused?.text()).toContain("Zu viele Fehlversuche");
  });
});
