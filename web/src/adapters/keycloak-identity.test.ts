import Keycloak from "keycloak-js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeLoginClaims } from "./keycloak-claims.js";
import {
  KeycloakIdentity,
  type KeycloakIdentityOptions,
  type KeycloakLike,
  thirdPartyCheckProbe,
  userinfoProbe,
} from "./keycloak-identity.js";
import { SESSION_CHANNEL, SIGNED_OUT_MESSAGE } from "./keycloak-session-watch.js";

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
const options: KeycloakIdentityOptions = {
  baseUrl: "https://portal.example/benutzerverwaltung/",
  locale: () => "fr",
  claims: { decode: decodeLoginClaims },
};

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

  it("takes a cross-origin provider's answer without CORS headers (opaque) as the page being there", async () => {
    const asked: RequestInit[] = [];
    const probe = thirdPartyCheckProbe("https://id.example/", "portal", async (_url, init) => {
      asked.push(init ?? {});
      return { ok: false, status: 0, type: "opaque" } as Response;
    });
    expect(await probe()).toBe(true);
    expect(asked[0]?.mode).toBe("no-cors");
  });

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

  it.each([
    ["a session", { _tag: "SignedIn", tokens: { token: "a", refreshToken: "r", idToken: "i" } }],
    ["no session", { _tag: "SignedOut", reason: "provider-error", error: "login_required" }],
  ] as const)(
    "same-origin provider, %s: the fetch check's answer goes to keycloak-js, which checks nothing itself",
    async (_, result) => {
      const kc = fakeKeycloak();
      const silentSignIn = vi.fn(async () => result);
      await new KeycloakIdentity(kc, {
        ...options,
        silentSignIn,
        currentHref: () => "https://portal.example/benutzerverwaltung/registrieren",
      }).init(false);
      expect(silentSignIn).toHaveBeenCalledOnce();
      // No onLoad and no silent page: keycloak-js starts no check (no iframe) of its own.
      expect(kc.init).toHaveBeenCalledWith({
        pkceMethod: "S256",
        checkLoginIframe: false,
        locale: "fr",
        scope: "openid",
        ...(result._tag === "SignedIn" ? result.tokens : {}),
      });
    },
  );

  it.each([
    ["a protected route", true, "https://portal.example/benutzerverwaltung/konto"],
    ["a sign-in's way back", false, "https://portal.example/benutzerverwaltung/#state=s&code=c"],
  ])(
    "same-origin provider, %s: keycloak-js's own init, no fetch check",
    async (_, required, href) => {
      const kc = fakeKeycloak();
      const silentSignIn = vi.fn();
      await new KeycloakIdentity(kc, { ...options, silentSignIn, currentHref: () => href }).init(
        required,
      );
      expect(silentSignIn).not.toHaveBeenCalled();
      expect(kc.init).toHaveBeenCalledWith(
        expect.objectContaining({ onLoad: required ? "login-required" : "check-sso" }),
      );
    },
  );

  it("a failed fetch check (the network) leaves the user signed out", async () => {
    const kc = fakeKeycloak();
    const identity = new KeycloakIdentity(kc, {
      ...options,
      silentSignIn: async () => Promise.reject(new TypeError("Failed to fetch")),
      currentHref: () => "https://portal.example/benutzerverwaltung/registrieren",
    });
    expect(await identity.init(false)).toBe(false);
    expect(kc.init).not.toHaveBeenCalled();
    expect(identity.isAuthenticated()).toBe(false);
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

  it("loads the claims' decoder only once init found a session", async () => {
    const load = vi.fn(async () => decodeLoginClaims);
    const visitor = new KeycloakIdentity(fakeKeycloak({ init: vi.fn(async () => false) }), {
      ...options,
      claims: { load },
    });
    expect(await visitor.init(false)).toBe(false);
    expect(load).not.toHaveBeenCalled();
    const signedIn = new KeycloakIdentity(fakeKeycloak(), { ...options, claims: { load } });
    expect(await signedIn.init(false)).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(signedIn.claims()).toMatchObject({ sub: "u1", cr_id: "p1" });
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

  it("keeps keycloak-js's report on an application-initiated action", () => {
    const kc = fakeKeycloak();
    const identity = new KeycloakIdentity(kc, options);
    expect(identity.actionUpdate()).toBeNull();
    kc.onActionUpdate?.("cancelled", "CONFIGURE_TOTP");
    expect(identity.actionUpdate()).toEqual({ status: "cancelled", action: "CONFIGURE_TOTP" });
    kc.onActionUpdate?.("success");
    expect(identity.actionUpdate()).toEqual({ status: "success", action: null });
  });

  it("drops a status Keycloak never sends (the value comes from the address)", () => {
    const kc = fakeKeycloak();
    const identity = new KeycloakIdentity(kc, options);
    // keycloak-js hands over whatever the address carried.
    kc.onActionUpdate?.("<b>x</b>" as "success", "CONFIGURE_TOTP");
    expect(identity.actionUpdate()).toBeNull();
  });
});

// The real keycloak-js: the page reads kc_action_status through the adapter only, because
// keycloak-js takes it out of the address while it completes the sign-in.
describe("keycloak-js on the way back from an application-initiated action", () => {
  const base64url = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  // keycloak-js decodes, never verifies, the tokens: unsigned ones do here.
  const jwt = (claims: object) =>
    `${base64url({ alg: "none" })}.${base64url({ exp: Math.floor(Date.now() / 1000) + 300, ...claims })}.x`;

  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, "", "/");
  });

  it.each([
    ["success", "CONFIGURE_TOTP"],
    ["cancelled", "delete_credential:c-1"],
  ] as const)(
    "reports kc_action_status=%s of %s and leaves the address clean",
    async (status, action) => {
      const back = "http://localhost:3000/benutzerverwaltung/sicherheit";
      // What keycloak-js stored before it left for the provider, and what the provider sends back.
      localStorage.setItem(
        "kc-callback-s1",
        JSON.stringify({
          state: "s1",
          nonce: "n1",
          redirectUri: back,
          expires: Date.now() + 60_000,
        }),
      );
      const tokenRequests: string[] = [];
      vi.stubGlobal("fetch", async (url: string | URL) => {
        tokenRequests.push(String(url));
        const claims = { sub: "u1", cr_id: "p1", nonce: "n1" };
        return Response.json({
          access_token: jwt(claims),
          refresh_token: jwt({ sub: "u1" }),
          id_token: jwt(claims),
          token_type: "Bearer",
          expires_in: 300,
        });
      });
      window.history.replaceState(
        null,
        "",
        `/benutzerverwaltung/sicherheit#state=s1&session_state=ss&code=c1&kc_action_status=${status}&kc_action=${encodeURIComponent(action)}`,
      );
      const kc = new Keycloak({
        url: "https://id.example",
        realm: "portal",
        clientId: "portal-web",
      });
      const identity = new KeycloakIdentity(kc, {
        ...options,
        silentCheckAvailable: async () => false,
      });

      expect(await identity.init(true)).toBe(true);
      expect(tokenRequests).toEqual([
        "https://id.example/realms/portal/protocol/openid-connect/token",
      ]);
      expect(identity.actionUpdate()).toEqual({ status, action });
      expect(window.location.href).toBe(back);
    },
  );
});

describe("the session check's question (spec section 9, issue 29)", () => {
  it("open while the token refreshes and the provider's userinfo answers 200", async () => {
    const kc = fakeKeycloak();
    const probe = vi.fn(async () => true);
    expect(await new KeycloakIdentity(kc, { ...options, sessionProbe: probe }).sessionOpen()).toBe(
      true,
    );
    expect(probe).toHaveBeenCalledWith("access-1");
  });

  it("ended when the provider says so; the token goes when the page goes or is forgotten", async () => {
    const kc = fakeKeycloak();
    const identity = new KeycloakIdentity(kc, { ...options, sessionProbe: async () => false });
    expect(await identity.sessionOpen()).toBe(false);
    // Not cleared by the question: under login-required keycloak-js would start a login.
    expect(kc.clearToken).not.toHaveBeenCalled();
    identity.forgetSession();
    expect(identity.claims()).toBeNull();
  });

  it("ended when the refresh is refused (keycloak-js clears the token); unknown when offline", async () => {
    const refused = fakeKeycloak();
    refused.updateToken = vi.fn(async () => {
      refused.clearToken();
      throw new Error("400");
    });
    expect(await new KeycloakIdentity(refused, options).sessionOpen()).toBe(false);
    const offline = fakeKeycloak({
      updateToken: vi.fn(async () => {
        throw new Error("network");
      }),
    });
    expect(await new KeycloakIdentity(offline, options).sessionOpen()).toBeNull();
  });

  it("userinfo as the probe: 200 open, 401 ended, anything else or no answer unknown", async () => {
    const url = "https://portal.example/realms/portal/protocol/openid-connect/userinfo";
    const seen: RequestInit[] = [];
    const answering = (status: number) => async (_u: unknown, init?: RequestInit) => {
      if (init) seen.push(init);
      return new Response(null, { status });
    };
    expect(await userinfoProbe(url, answering(200))("tok")).toBe(true);
    expect(await userinfoProbe(url, answering(401))("tok")).toBe(false);
    expect(await userinfoProbe(url, answering(503))("tok")).toBeNull();
    expect(
      await userinfoProbe(url, async () => {
        throw new TypeError("offline");
      })("tok"),
    ).toBeNull();
    expect(seen[0]).toMatchObject({
      headers: { authorization: "Bearer tok" },
      credentials: "omit",
      cache: "no-store",
    });
  });

  it("a sign-out tells the browser's other tabs before the provider's page takes this one", async () => {
    const received: unknown[] = [];
    const other = new BroadcastChannel(SESSION_CHANNEL);
    other.onmessage = (e) => received.push(e.data);
    const kc = fakeKeycloak();
    await new KeycloakIdentity(kc, options).logout();
    await vi.waitFor(() => expect(received).toEqual([SIGNED_OUT_MESSAGE]));
    other.close();
  });
});
