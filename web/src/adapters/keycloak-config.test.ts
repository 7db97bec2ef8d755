import Keycloak from "keycloak-js";
import { afterEach, describe, expect, it } from "vitest";
import { keycloakConfig, realmUrlOf, sameOriginEndpoints } from "./keycloak-config.js";

const page = "http://localhost:3000";
const silentCheck = `${page}/benutzerverwaltung/silent-check-sso.html`;

/**
 * Starts the real keycloak-js's silent check-sso and returns the first iframe it puts in the
 * page. jsdom loads no frames: the cookie check then times out, and the silent check itself
 * (which has no timeout) is left waiting, so its promise is not awaited.
 */
const firstFrameOfSilentCheck = async (kc: Keycloak): Promise<string> => {
  const seen = new Promise<string>((resolve) => {
    const observer = new MutationObserver(() => {
      const frame = document.querySelector("iframe");
      if (frame) {
        observer.disconnect();
        resolve(frame.getAttribute("src") ?? "");
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  void kc
    .init({
      onLoad: "check-sso",
      pkceMethod: "S256",
      checkLoginIframe: false,
      silentCheckSsoRedirectUri: silentCheck,
      messageReceiveTimeout: 50,
    })
    .catch(() => false);
  return seen;
};

describe("keycloak-js configuration by where the provider is", () => {
  afterEach(() => {
    for (const frame of document.querySelectorAll("iframe")) frame.remove();
  });

  it("names the realm under the provider's URL (trailing slashes and realm escaped)", () => {
    expect(realmUrlOf("https://id.example//", "a b")).toBe("https://id.example/realms/a%20b");
  });

  it.each([
    ["the page's own origin, as a relative URL", ""],
    ["the page's own origin, spelled out", page],
  ])("a provider on %s: plain OpenID Connect endpoints, no cookie check", (_, url) => {
    const config = keycloakConfig({ url, realm: "portal", clientId: "web" }, page);
    expect(config).toEqual({
      clientId: "web",
      oidcProvider: {
        authorization_endpoint: `${page}/realms/portal/protocol/openid-connect/auth`,
        token_endpoint: `${page}/realms/portal/protocol/openid-connect/token`,
        userinfo_endpoint: `${page}/realms/portal/protocol/openid-connect/userinfo`,
        end_session_endpoint: `${page}/realms/portal/protocol/openid-connect/logout`,
      },
    });
    expect(sameOriginEndpoints({ url, realm: "portal", clientId: "web" }, page)).toEqual(
      "oidcProvider" in config ? config.oidcProvider : null,
    );
  });

  it.each([
    ["another host", "https://id.example"],
    ["another port", "http://localhost:8081"],
    ["another scheme", "https://localhost:3000"],
  ])("a provider on %s: Keycloak's form, with the cookie check", (_, url) => {
    const config = keycloakConfig({ url, realm: "portal", clientId: "web" }, page);
    expect(config).toEqual({ url, realm: "portal", clientId: "web" });
    expect(sameOriginEndpoints({ url, realm: "portal", clientId: "web" }, page)).toBeNull();
  });

  it("same origin: the real keycloak-js goes straight to the silent prompt=none request", async () => {
    const kc = new Keycloak(keycloakConfig({ url: "", realm: "portal", clientId: "web" }, page));
    const src = new URL(await firstFrameOfSilentCheck(kc));
    expect(src.origin + src.pathname).toBe(`${page}/realms/portal/protocol/openid-connect/auth`);
    expect(src.searchParams.get("prompt")).toBe("none");
    expect(src.searchParams.get("redirect_uri")).toBe(silentCheck);
    // Sign-in and sign-out leave for the same provider paths as in Keycloak's form.
    expect(await kc.createLoginUrl({ redirectUri: page })).toMatch(
      `${page}/realms/portal/protocol/openid-connect/auth?`,
    );
    expect(kc.createLogoutUrl({ redirectUri: page })).toMatch(
      `${page}/realms/portal/protocol/openid-connect/logout`,
    );
  });

  it("another origin: the real keycloak-js first loads the third-party-cookie page", async () => {
    const kc = new Keycloak(
      keycloakConfig({ url: "https://id.example", realm: "portal", clientId: "web" }, page),
    );
    expect(await firstFrameOfSilentCheck(kc)).toBe(
      "https://id.example/realms/portal/protocol/openid-connect/3p-cookies/step1.html",
    );
  });
});
