import type { WebRuntimeConfig } from "@portal/contracts";
import Keycloak from "keycloak-js";
import { keycloakConfig, realmUrlOf, sameOriginEndpoints } from "./keycloak-config.js";
import { KeycloakIdentity, thirdPartyCheckProbe, userinfoProbe } from "./keycloak-identity.js";
import { watchSession } from "./keycloak-session-watch.js";
import { silentSignIn } from "./silent-sign-in.js";

export interface KeycloakStartOptions {
  /** The interface language for the provider's pages, read when a login starts. */
  readonly locale: () => string;
  /** Protected routes sign in at once; every other route checks silently. */
  readonly loginRequired: boolean;
  /**
   * The session of a signed-in page ended elsewhere (spec's session check, every 5 s): the
   * token is cleared by then; the page must stop showing the person.
   */
  readonly onSignedOut?: () => void;
}

/**
 * keycloak-js for the configured provider, initialised (silent check-sso, or the login a
 * protected route needs). Its own chunk: the first page renders without waiting for it.
 *
 * @example
 * const identity = await startKeycloakIdentity(config, { locale: () => "de", loginRequired: false });
 */
export async function startKeycloakIdentity(
  config: WebRuntimeConfig,
  options: KeycloakStartOptions,
): Promise<KeycloakIdentity> {
  const endpoints = sameOriginEndpoints(config.identity, window.location.origin);
  const kcConfig = keycloakConfig(config.identity, window.location.origin);
  const baseUrl = new URL(config.basePath, window.location.origin).href;
  const realm = new URL(
    realmUrlOf(config.identity.url, config.identity.realm),
    window.location.origin,
  );
  const identity = new KeycloakIdentity(new Keycloak(kcConfig), {
    baseUrl,
    locale: options.locale,
    sessionProbe: userinfoProbe(`${realm.href}/protocol/openid-connect/userinfo`),
    // Schema comes with the claims' decoder, once a session exists.
    claims: { load: () => import("./keycloak-claims.js").then((m) => m.decodeLoginClaims) },
    // A provider on another origin: keycloak-js's iframe, after its third-party-cookie page
    // (which that provider must serve). On the page's own origin: one fetch, no iframe.
    ...(endpoints
      ? {
          silentSignIn: () =>
            silentSignIn({
              authorizationEndpoint: endpoints.authorization_endpoint,
              tokenEndpoint: endpoints.token_endpoint,
              clientId: config.identity.clientId,
              redirectUri: new URL("silent-check-sso.html", baseUrl).href,
            }),
        }
      : { silentCheckAvailable: thirdPartyCheckProbe(config.identity.url, config.identity.realm) }),
  });
  // A signed-in page load watches its session for as long as it lives (sign-ins and
  // sign-outs are page loads: a page that starts signed out has nothing to watch).
  if ((await identity.init(options.loginRequired)) && options.onSignedOut) {
    const { onSignedOut, loginRequired } = options;
    watchSession({
      isOpen: () => identity.sessionOpen(),
      onEnded: () => {
        // A page loaded for a protected route is left by onSignedOut; clearing its token
        // would start keycloak-js's login-required sign-in first.
        if (!loginRequired) identity.forgetSession();
        onSignedOut();
      },
    });
  }
  return identity;
}
