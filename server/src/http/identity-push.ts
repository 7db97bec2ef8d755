import type { FastifyRequest } from "fastify";

/**
 * The person whose change a request's answer should carry to the identity provider first.
 * A flow whose next step is a sign-in on Keycloak's page (the registration's or an e-mail
 * change's confirmation, a password reset, a restore) names the person; in Keycloak mode the
 * user sync (provider/keycloak/user-sync-plugin.ts) then holds a successful answer, bounded,
 * until that person's push is done, so the sign-in right after finds the user as it now is.
 * With the embedded provider nothing reads it: the sign-in reads the portal's tables.
 */
const wanted = new WeakMap<FastifyRequest, string>();

/** Asks that `request`'s answer wait (bounded) for `personId`'s push to the provider. */
export const answerAfterIdentityPush = (request: FastifyRequest, personId: string): void => {
  wanted.set(request, personId);
};

/** The person `request`'s answer waits for, if a flow named one. */
export const identityPushOf = (request: FastifyRequest): string | undefined => wanted.get(request);
