import { SUPPORT_CLIENT_ID } from "@portal/core";
import { ConfigError, EXTERNAL_ISSUER_NEEDS_SECRET } from "../../config.js";
import type { PortalPlugin } from "../../http/app-deps.js";
import { isEmbeddedIssuer } from "../identity-plugin.js";
import { createKeycloakAdmin } from "./admin-client.js";
import { createKeycloakSignInImport } from "./sign-in-import.js";
import { createKeycloakUserSync } from "./user-sync.js";

/** How often every process looks for due pushes besides the nudges (retries, other nodes). */
export const KEYCLOAK_SYNC_POLL_MS = 5000;

/**
 * Keycloak mode only (OIDC_ISSUER is not the embedded provider; KEYCLOAK_USER_SYNC not
 * false): runs this process's user sync (user-sync.ts) and the copy of Keycloak's sign-in
 * events into the activity (sign-in-import.ts) while the server is up, and nudges it after every answered request
 * that may have written (any method but GET, HEAD, OPTIONS), so a confirmation's user is in
 * Keycloak before the person reaches its login page; no flow calls it.
 */
export const keycloakUserSyncPlugin: PortalPlugin = async (app, { deps }) => {
  if (isEmbeddedIssuer(deps.config) || !deps.config.keycloakUserSync) return;
  if (!deps.config.supportClientSecret) throw new ConfigError(EXTERNAL_ISSUER_NEEDS_SECRET);
  const admin = createKeycloakAdmin({
    issuer: deps.config.oidcIssuer,
    clientId: SUPPORT_CLIENT_ID,
    clientSecret: deps.config.supportClientSecret,
  });
  const worker = { db: deps.database.db, admin, clock: deps.clock, log: app.log };
  const sync = createKeycloakUserSync({ ...worker, pollMs: KEYCLOAK_SYNC_POLL_MS });
  // The activity list's sign-ins: Keycloak's login events copied in (sign-in-import.ts).
  const signIns = createKeycloakSignInImport({ ...worker, pollMs: KEYCLOAK_SYNC_POLL_MS });
  app.addHook("onResponse", async (request) => {
    if (!["GET", "HEAD", "OPTIONS"].includes(request.method)) sync.nudge();
  });
  app.addHook("onReady", async () => {
    sync.start();
    signIns.start();
  });
  app.addHook("onClose", async () => {
    await Promise.all([sync.close(), signIns.close()]);
  });
};
// The nudge hook must see every route's requests, not only this plugin's (what the
// fastify-plugin package sets: the plugin shares its parent's context).
Object.assign(keycloakUserSyncPlugin, { [Symbol.for("skip-override")]: true });
