import { baseUrl, text, wholeNumber, yesNo } from "./rules.js";
import { optional, setting, type Values } from "./setting.js";

/** The realm path the embedded provider serves (Keycloak's layout). */
export const REALM_PATH = "/realms/portal";

/**
 * True when OIDC_ISSUER is the embedded provider; false in Keycloak mode (an external
 * Keycloak realm signs people in and holds their second factors).
 */
export const isEmbeddedIssuer = (config: {
  readonly oidcIssuer: string;
  readonly publicUrl: string;
}): boolean => config.oidcIssuer === `${config.publicUrl}${REALM_PATH}`;

/** Why an external OIDC_ISSUER needs SUPPORT_CLIENT_SECRET (index.ts asks it of a test's config too). */
export const EXTERNAL_ISSUER_NEEDS_SECRET =
  "Missing SUPPORT_CLIENT_SECRET: with an external OIDC_ISSUER the portal ends a person's Keycloak sessions (password change, securing, deletion) through Keycloak's admin API as the client portal-support";

/** Who signs people in: the embedded provider, or a Keycloak realm (Keycloak mode). */
export const identitySettings = {
  /** OpenID Connect issuer (OIDC_ISSUER); the embedded provider's realm unless set. */
  oidcIssuer: setting(
    "OIDC_ISSUER",
    baseUrl,
    ({ publicUrl }: { publicUrl: string }) => `${publicUrl}${REALM_PATH}`,
  ),
  /** The web app's client id (OIDC_CLIENT_ID). */
  oidcClientId: setting("OIDC_CLIENT_ID", text, "benutzerverwaltung"),
  /**
   * Secret of the confidential client `portal-support` (SUPPORT_CLIENT_SECRET); Keycloak mode
   * needs it (below), the embedded provider generates one unless set.
   */
  supportClientSecret: optional("SUPPORT_CLIENT_SECRET", text, "secret"),
  /**
   * KEYCLOAK_USER_SYNC (default true): in Keycloak mode, keep Keycloak's users in step with
   * the portal's persons (identity/keycloak/user-sync.ts). False for an operator who
   * provisions Keycloak otherwise, and for tests whose subject is something else.
   */
  keycloakUserSync: setting("KEYCLOAK_USER_SYNC", yesNo, "true"),
  /**
   * Seconds a device (`portal login`) waits between two polls of the embedded provider's
   * token endpoint (DEVICE_POLL_SECONDS, default 5: RFC 8628's default, and Keycloak's realm
   * setting "OAuth 2.0 Device Polling Interval", which rules when Keycloak signs in).
   */
  devicePollSeconds: setting(
    "DEVICE_POLL_SECONDS",
    wholeNumber(1, 60, "whole seconds from 1 to 60"),
    "5",
  ),
};

export type IdentitySettings = Values<typeof identitySettings>;

/**
 * Keycloak mode (an OIDC_ISSUER other than the embedded provider) needs a realm address and
 * SUPPORT_CLIENT_SECRET: the portal ends a person's Keycloak sessions through its admin API.
 */
export const keycloakModeProblems = (
  config: Pick<IdentitySettings, "oidcIssuer" | "supportClientSecret"> & { publicUrl: string },
  given: string | undefined,
): string[] => {
  if (isEmbeddedIssuer(config)) return [];
  const problems: string[] = [];
  if (!/\/realms\/[^/]+$/.test(new URL(config.oidcIssuer).pathname)) {
    problems.push(
      `Invalid OIDC_ISSUER=${JSON.stringify(given)}: expected a Keycloak realm address ending in /realms/<realm>`,
    );
  }
  if (!config.supportClientSecret) problems.push(EXTERNAL_ISSUER_NEEDS_SECRET);
  return problems;
};
