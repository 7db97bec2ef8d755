// The sign-in provider, the one entry for the rest of the server (dependency-cruiser's
// provider-entered-by-its-index): the embedded OpenID Connect provider (oidc-provider, its
// pages and login steps, account REST, tokens, keys, sessions) and the Keycloak adapter.
// It builds on the person's credentials (../credentials/index.ts), never the other way.

export { rememberedDeviceCookie } from "./interactions/remembered-device-step.js";
export { createKeycloakAdmin, type KeycloakAdmin } from "./keycloak/admin-client.js";
export { createKeycloakFactors } from "./keycloak/keycloak-factors.js";
export { createKeycloakSessionRevoker, PERSON_ID_ATTRIBUTE } from "./keycloak/session-revoker.js";
export { keycloakUserSyncPlugin } from "./keycloak/user-sync-plugin.js";
export { findAccountByEmail, findAccountRow } from "./oidc/account-claims.js";
export {
  createSessionRevoker,
  createSessionStatus,
  endEverySignIn,
} from "./oidc/session-revoker.js";
export { escapeHtml } from "./pages/html.js";
export { identityPlugin, isEmbeddedIssuer } from "./provider-plugin.js";
