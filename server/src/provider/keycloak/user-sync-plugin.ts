import { SUPPORT_CLIENT_ID } from "@portal/core";
import { ConfigError, EXTERNAL_ISSUER_NEEDS_SECRET, isEmbeddedIssuer } from "../../config.js";
import type { PortalPlugin } from "../../http/app-deps.js";
import { identityPushOf } from "../../http/identity-push.js";
import { createKeycloakAdmin } from "./admin-client.js";
import { createKeycloakSignInImport } from "./sign-in-import.js";
import { createKeycloakUserSync } from "./user-sync.js";

/** How often every process looks for due pushes besides the nudges (retries, other nodes). */
export const KEYCLOAK_SYNC_POLL_MS = 5000;

/**
 * How long an answer that names its person (http/identity-push.ts) waits at most for that
 * person's push; a slower Keycloak gets the answer as before and the push completes later.
 */
export const KEYCLOAK_SETTLE_MS = 3000;

const timeUp = (ms: number): { promise: Promise<void>; cancel: () => void } => {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
};

/**
 * Keycloak mode only (OIDC_ISSUER is not the embedded provider; KEYCLOAK_USER_SYNC not
 * false): runs this process's user sync (user-sync.ts) and the copy of Keycloak's sign-in
 * events into the activity (sign-in-import.ts) while the server is up, and nudges it after every answered request
 * that may have written (any method but GET, HEAD, OPTIONS). A flow whose next step is a
 * sign-in on Keycloak's page names its person (http/identity-push.ts): its successful answer
 * waits up to KEYCLOAK_SETTLE_MS for that person's push, so a click on "sign in" right
 * after the confirmation finds the user in Keycloak.
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
  app.addHook("onSend", async (request, reply, payload) => {
    const personId = identityPushOf(request);
    if (personId === undefined || reply.statusCode >= 400) return payload;
    const deadline = timeUp(KEYCLOAK_SETTLE_MS);
    await sync.settle(personId, deadline.promise);
    deadline.cancel();
    return payload;
  });
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
