import type { WebRuntimeConfig } from "@portal/contracts";
import Keycloak from "keycloak-js";
import { KeycloakIdentity, thirdPartyCheckProbe } from "./keycloak-identity.js";

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
  const keycloak = new Keycloak({
    url: config.identity.url,
    realm: config.identity.realm,
    clientId: config.identity.clientId,
  });
  const identity = new KeycloakIdentity(keycloak, {
    baseUrl: new URL(config.basePath, window.location.origin).href,
    locale: options.locale,
    silentCheckAvailable: thirdPartyCheckProbe(config.identity.url, config.identity.realm),
  });
  await identity.init(options.loginRequired);
  return identity;
}
