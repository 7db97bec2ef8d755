import type { WebRuntimeConfig } from "@portal/contracts";
import Keycloak from "keycloak-js";
import { keycloakConfig, sameOriginEndpoints } from "./keycloak-config.js";
import { KeycloakIdentity, thirdPartyCheckProbe } from "./keycloak-identity.js";
import { silentSignIn } from "./silent-sign-in.js";

export interface KeycloakStartOptions {
  /** The interface language for the provider's pages, read when a login starts. */
  readonly locale: () => string;
  /** Protected routes sign in at once; every other route checks silently. */
  readonly loginRequired: boolean;
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
  const identity = new KeycloakIdentity(new Keycloak(kcConfig), {
    baseUrl,
    locale: options.locale,
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
  await identity.init(options.loginRequired);
  return identity;
}
