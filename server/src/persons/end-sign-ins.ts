import type { FastifyBaseLogger } from "fastify";
import { apiError } from "../http/api-error.js";
import type { AppDeps } from "../http/app-deps.js";

// A change that promises to end the person's sign-ins (a new password, a new or reverted
// address, a closed or erased account) ends them twice: once before its transaction, once
// after its commit. With Keycloak holding the sessions (issue 47), a Keycloak that cannot
// be reached fails the first: nothing is written, the answer is an error, and the form or
// link works again once Keycloak is back. Ended only after the commit, the portal would
// have made the change while Keycloak kept the sessions for good (the user sync brings the
// password and address over later, never the sign-outs). The embedded provider's sessions
// live in the portal's database: there both calls simply succeed.

/**
 * Ends every sign-in of `personId` (but `exceptSessionId`, the caller's own) ahead of the
 * change. When the provider cannot do it (down, 5xx, a refusal) the change is not made:
 * 503 BACKEND_ERROR, "try again later", as for a database that cannot be reached.
 *
 * @example
 * await endSignInsBefore(deps, person.id, user.claims.sid);
 */
export const endSignInsBefore = async (
  deps: Pick<AppDeps, "sessions">,
  personId: string,
  exceptSessionId?: string,
): Promise<void> => {
  try {
    await deps.sessions.revokeAllForPerson(personId, exceptSessionId);
  } catch (error) {
    // The cause goes to the log with the 503 (the error funnel logs 5xx with their error).
    throw Object.assign(apiError(503, "BACKEND_ERROR"), { cause: error });
  }
};

/**
 * Once more after the commit: a sign-in that slipped in between ends too. A failure is
 * logged, never the answer: the change stands and the first call ended what was there.
 *
 * @example
 * await endSignInsAfter(deps, person.id, request.log);
 */
export const endSignInsAfter = async (
  deps: Pick<AppDeps, "sessions">,
  personId: string,
  log: Pick<FastifyBaseLogger, "error">,
  exceptSessionId?: string,
): Promise<void> => {
  await deps.sessions
    .revokeAllForPerson(personId, exceptSessionId, { again: true })
    .catch((error: unknown) => log.error({ err: error }, "ending sign-ins again failed"));
};
