import type { WebRuntimeConfig } from "@portal/contracts";
import type { KeycloakConfig, OpenIdProviderMetadata } from "keycloak-js";

/** The provider's realm URL, `https://id.example/realms/portal` (Keycloak's own paths). */
export const realmUrlOf = (url: string, realm: string): string =>
  `${url.replace(/\/+$/, "")}/realms/${encodeURIComponent(realm)}`;

/** Where the provider is and which client the app is (the provider's kind does not matter here). */
type Where = Pick<WebRuntimeConfig["identity"], "url" | "realm" | "clientId">;

/**
 * keycloak-js's configuration for the configured provider, seen from a page at `pageOrigin`.
 *
 * A provider on another origin gets the Keycloak form (`url` + `realm`): before a silent
 * check-sso, keycloak-js then loads the provider's third-party-cookie page in an iframe
 * (two documents) to learn whether the browser blocks the provider's cookies there.
 *
 * A provider on the page's own origin (the embedded provider, or Keycloak behind the same
 * host) gets the same endpoints as plain OpenID Connect metadata: its cookies are
 * first-party, so that check could only say yes. Skipping it spares every public page one
 * iframe, two documents and a request chain: the silent check answered about 0.4 s sooner
 * in Lighthouse's runs of `/registrieren` (2026-11-25). The app uses none of what keycloak-js
 * leaves out in this form (registration and account pages through keycloak-js, the login
 * status iframe). On such a provider the silent check itself needs no iframe either: see
 * silent-sign-in.ts.
 *
 * @example
 * keycloakConfig({ url: "", realm: "portal", clientId: "app" }, "https://portal.example");
 */
export const keycloakConfig = (identity: Where, pageOrigin: string): KeycloakConfig => {
  const endpoints = sameOriginEndpoints(identity, pageOrigin);
  return endpoints
    ? { clientId: identity.clientId, oidcProvider: endpoints }
    : { url: identity.url, realm: identity.realm, clientId: identity.clientId };
};

/** The realm's OpenID Connect endpoints when the provider is on `pageOrigin`, else null. */
export const sameOriginEndpoints = (
  identity: Where,
  pageOrigin: string,
): OpenIdProviderMetadata | null => {
  const realm = new URL(realmUrlOf(identity.url, identity.realm), pageOrigin);
  if (realm.origin !== pageOrigin) return null;
  const endpoint = (name: string) => `${realm.href}/protocol/openid-connect/${name}`;
  return {
    authorization_endpoint: endpoint("auth"),
    token_endpoint: endpoint("token"),
    userinfo_endpoint: endpoint("userinfo"),
    end_session_endpoint: endpoint("logout"),
  };
};
