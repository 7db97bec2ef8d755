import { describe, expect, it, vi } from "vitest";
import { KeycloakIdentity, type KeycloakLike, thirdPartyCheckProbe } from "./keycloak-identity.js";

/** A keycloak-js stand-in: records calls; `updateToken` answers as told. */
const fakeKeycloak = (over: Partial<KeycloakLike> = {}) => {
  const kc = {
    authenticated: true,
    token: "access-1",
    tokenParsed: {
      sub: "u1",
      cr_id: "p1",
      cr_mapping: "M1",
      cr_userrole: ["A"],
      cr_membernumber: "123",
    },
    init: vi.fn(async () => true),
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    updateToken: vi.fn(async () => false),
    clearToken: vi.fn(() => {
      kc.authenticated = false;
      delete kc.token;
    }),
    ...over,
  } as KeycloakLike & { authenticated: boolean };
  return kc;
};
const options = { baseUrl: "https://portal.example/benutzerverwaltung/", locale: () => "fr" };

describe("keycloak identity adapter (spec section 4, Login)", () => {
  it.each([
    [true, "login-required"],
    [false, "check-sso"],
  ])(
    "init loginRequired=%s uses onLoad %s with PKCE S256 and no login iframe",
    async (required, onLoad) => {
      const kc = fakeKeycloak();
      await new KeycloakIdentity(kc, options).init(required);
      expect(kc.init).toHaveBeenCalledWith({
        onLoad,
        pkceMethod: "S256",
        checkLoginIframe: false,
        // The silent page serves check-sso only; login-required always redirects.
        ...(required
          ? {}
          : {
              silentCheckSsoRedirectUri:
                "https://portal.example/benutzerverwaltung/silent-check-sso.html",
            }),
        locale: "fr",
        scope: "openid",
      });
    },
  );

  it("falls back to a redirect check-sso when the provider lacks the third-party-cookie page", async () => {
    const kc = fakeKeycloak();
    const probe = thirdPartyCheckProbe("https://id.example/", "portal", async (url) => {
      expect(String(url)).toBe(
        "https://id.example/realms/portal/protocol/openid-connect/3p-cookies/step1.html",
      );
      return new Response("", { status: 404 });
    });
    await new KeycloakIdentity(kc, { ...options, silentCheckAvailable: probe }).init(false);
    expect(kc.init).toHaveBeenCalledWith(
      expect.not.objectContaining({ silentCheckSsoRedirectUri: expect.anything() }),
    );
  });

  it("a failed init (for example an invalid nonce) clears the token and leaves the user signed out", async () => {
    const kc = fakeKeycloak({
      init: vi.fn(async () => Promise.reject(new Error("Invalid nonce."))),
    });
    const identity = new KeycloakIdentity(kc, options);
    expect(await identity.init(false)).toBe(false);
    expect(kc.clearToken).toHaveBeenCalled();
    expect(identity.isAuthenticated()).toBe(false);
  });

  it("refreshes before each request when fewer than 10 s remain", async () => {
    const kc = fakeKeycloak();
    const identity = new KeycloakIdentity(kc, options);
    expect(await identity.token()).toBe("access-1");
    expect(kc.updateToken).toHaveBeenCalledWith(10);
  });

  it("a failed refresh (400) clears the token and gives no token", async () => {
    const kc = fakeKeycloak({ updateToken: vi.fn(async () => Promise.reject(new Error("400"))) });
    const identity = new KeycloakIdentity(kc, options);
    expect(await identity.token()).toBeNull();
    expect(kc.clearToken).toHaveBeenCalled();
    expect(identity.isAuthenticated()).toBe(false);
  });

  it("authentication_expired restarts the login", () => {
    const kc = fakeKeycloak();
    new KeycloakIdentity(kc, options);
    kc.onAuthError?.({ error: "invalid_request", error_description: "authentication_expired" });
    expect(kc.login).toHaveBeenCalledTimes(1);
  });

  it("reads the claims of the access token", () => {
    const identity = new KeycloakIdentity(fakeKeycloak(), options);
    expect(identity.claims()).toEqual({
      sub: "u1",
      cr_id: "p1",
      cr_mapping: "M1",
      cr_userrole: ["A"],
      cr_membernumber: "123",
    });
  });

  it("login passes the application-initiated action and the locale", async () => {
    const kc = fakeKeycloak();
    await new KeycloakIdentity(kc, options).login({
      action: "CONFIGURE_TOTP",
      redirectUri: "https://portal.example/benutzerverwaltung/sicherheit",
    });
    expect(kc.login).toHaveBeenCalledWith({
      redirectUri: "https://portal.example/benutzerverwaltung/sicherheit",
      locale: "fr",
      action: "CONFIGURE_TOTP",
    });
  });

  it("logout calls the provider's logout back to the base path", async () => {
    const kc = fakeKeycloak();
    await new KeycloakIdentity(kc, options).logout();
    expect(kc.logout).toHaveBeenCalledWith({
      redirectUri: "https://portal.example/benutzerverwaltung/",
    });
  });
});
