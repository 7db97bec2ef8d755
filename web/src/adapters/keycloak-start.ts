import type { WebRuntimeConfig } from "@portal/contracts";
import Keycloak from "keycloak-js";
import { checksThirdPartyCookies, keycloakConfig } from "./keycloak-config.js";
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
  const kcConfig = keycloakConfig(config.identity, window.location.origin);
  const identity = new KeycloakIdentity(new Keycloak(kcConfig), {
    baseUrl: new URL(config.basePath, window.location.origin).href,
    locale: options.locale,
    // Only a provider keycloak-js checks for third-party cookies must serve that page.
    ...(checksThirdPartyCookies(kcConfig)
      ? { silentCheckAvailable: thirdPartyCheckProbe(config.identity.url, config.identity.realm) }
      : {}),
  });
  await identity.init(options.loginRequired);
  return identity;
}
