import type { Db } from "../db/client.js";
import { queueSharedSignal, SSF_EVENT_TYPES } from "../db/shared-signal-outbox.js";
import type { SessionRevoker } from "../http/identity-sessions.js";

/**
 * The session port, reporting CAEP `session-revoked` once the sessions have ended: every flow
 * that ends a person's sessions goes through it (sign out everywhere, "This wasn't me",
 * password change and reset, e-mail change and its revert, deletion), in both modes, so none
 * calls the transmitter itself. Queued after the revocation succeeded, never before: a
 * receiver is not told of sessions that are still open. A queueing failure is logged, not
 * thrown: the person's action is done by then.
 */
export const signallingSessions = (
  next: SessionRevoker,
  db: Db,
  log: { error(object: object, message: string): void },
): SessionRevoker => ({
  revokeAllForPerson: async (personId, exceptSessionId, options) => {
    await next.revokeAllForPerson(personId, exceptSessionId, options);
    // One event per change: its second call only ends a sign-in that slipped in between.
    if (options?.again) return;
    await queueSharedSignal(db, personId, {
      type: SSF_EVENT_TYPES.sessionRevoked,
      payload: { initiating_entity: "user" },
    }).catch((error: unknown) => log.error({ err: error }, "session-revoked not queued"));
  },
});
