import { createKeycloakAdmin } from "../../../server/src/provider/keycloak/admin-client.js";

// Where the Keycloak of this run is, as the global set-up (global-setup.ts) hands it to every
// file of tests/src/keycloak, and the admin client of its portal-support service account.

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} missing: run through tests/src/keycloak/vitest.config.ts`);
  return value;
};
export const issuer = env("KEYCLOAK_ISSUER");
export const supportSecret = env("KEYCLOAK_SUPPORT_SECRET");
/** The app's redirect URI as the imported realm allows it. */
export const redirectUri = `${env("KEYCLOAK_PORTAL_ORIGIN")}/benutzerverwaltung/`;
export const admin = createKeycloakAdmin({
  issuer,
  clientId: "portal-support",
  clientSecret: supportSecret,
});
