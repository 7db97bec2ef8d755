/**
 * The part of Keycloak's account REST API the security page uses, at Keycloak's paths
 * under the realm, so the same page works against a real Keycloak: the devices and their
 * sessions, signing out one session or all others, and the credential types. Each call
 * takes the app's access token (Bearer); the app's own origin may call them from the
 * browser (CORS), as it may call the provider's endpoints.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { rememberedDeviceIdOf } from "../../credentials/index.js";
import { apiError } from "../../http/api-error.js";
import type { AppDeps } from "../../http/app-deps.js";
import { rememberedDeviceCookie } from "../interactions/remembered-device-step.js";
import { listCredentials } from "./account-credentials.js";
import { listDevices, signOutSession } from "./account-sessions.js";

const MAX_ID_LENGTH = 128;

/** The value of cookie `name`, when the header holds exactly one. */
const cookieValue = (header: string | undefined, name: string): string | undefined => {
  const values = (header ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
  return values.length === 1 ? values[0] : undefined;
};

export const accountRoutes = (app: FastifyInstance, deps: AppDeps, realmPath: string): void => {
  const base = `${realmPath}/account`;
  const appOrigin = new URL(deps.config.publicUrl).origin;
  const db = deps.database.db;

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith(`${base}/`) && request.url !== base) return;
    reply.header("cache-control", "no-store");
    const origin = request.headers.origin;
    if (origin !== appOrigin) return;
    reply.header("access-control-allow-origin", origin).header("vary", "origin");
    if (request.method === "OPTIONS") {
      return reply
        .code(204)
        .header("access-control-allow-methods", "GET, DELETE")
        .header("access-control-allow-headers", "authorization, content-type")
        .header("access-control-max-age", "600")
        .send();
    }
  });
  app.options(`${base}/*`, async (_request, reply) => reply.code(204).send());

  const caller = (request: FastifyRequest) => deps.auth.requireUser(request);

  app.get(`${base}/sessions/devices`, async (request) => {
    const { personId, claims } = await caller(request);
    return listDevices(db, personId, claims.sid, deps.clock.now());
  });

  // Keycloak: without `current=true` every session but the caller's own ends.
  app.delete(`${base}/sessions`, async (request, reply: FastifyReply) => {
    const { personId, claims } = await caller(request);
    const all = (request.query as Record<string, unknown>).current === "true";
    await deps.sessions.revokeAllForPerson(personId, all ? undefined : claims.sid);
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>(`${base}/sessions/:id`, async (request, reply) => {
    const { personId } = await caller(request);
    const id = request.params.id;
    if (id.length === 0 || id.length > MAX_ID_LENGTH) throw apiError(404, "NOT_FOUND");
    // Someone else's session, or one already ended, answers as Keycloak does: nothing to do.
    await signOutSession(db, personId, id);
    return reply.code(204).send();
  });

  // Not Keycloak's: which of the person's remembered browsers is the one asking, by the
  // cookie only this path sees (the provider's; the API's list cannot read it). Keycloak
  // answers 404, and the security page marks none.
  app.get(`${base}/remembered-device`, async (request) => {
    const { personId } = await caller(request);
    const token = cookieValue(request.headers.cookie, rememberedDeviceCookie(personId));
    return { id: (await rememberedDeviceIdOf(db, personId, token, deps.clock.now())) ?? null };
  });

  app.get(`${base}/credentials`, async (request) => {
    const { personId } = await caller(request);
    return listCredentials(db, personId);
  });
};
