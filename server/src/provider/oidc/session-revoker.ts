import { and, eq, inArray } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.js";
import { identityArtifacts } from "../../db/schema/identity.js";
import type { SessionRevoker, SessionStatus } from "../../http/identity-sessions.js";
import { sha256 } from "./drizzle-adapter.js";

type Authorizations = Record<string, { sid?: string; grantId?: string }>;

/**
 * Ends a person's sign-in sessions in the embedded provider: sessions, grants, refresh
 * tokens, codes and interactions go. With `exceptSessionId` (an access token's `sid`, the session uid) the
 * session that token belongs to, and its grants and tokens, stay.
 *
 * @example
 * await createSessionRevoker(db).revokeAllForPerson(personId, claims.sid);
 */
export const createSessionRevoker = (db: Db): SessionRevoker => ({
  async revokeAllForPerson(personId, exceptSessionId) {
    const rows = await db
      .select({
        model: identityArtifacts.model,
        idHash: identityArtifacts.idHash,
        grantId: identityArtifacts.grantId,
        payload: identityArtifacts.payload,
      })
      .from(identityArtifacts)
      .where(eq(identityArtifacts.accountId, personId));
    const keptSessions = new Set<string>();
    const keptGrants = new Set<string>();
    if (exceptSessionId) {
      for (const row of rows.filter((r) => r.model === "Session")) {
        const authorizations = Object.values((row.payload.authorizations ?? {}) as Authorizations);
        // Tokens name their session by its uid (claim `sid`, see provider.ts).
        if (row.payload.uid === exceptSessionId) {
          keptSessions.add(row.idHash);
          for (const a of authorizations) if (a.grantId) keptGrants.add(a.grantId);
        }
      }
    }
    const doomed = rows.filter(
      (r) =>
        !(r.model === "Session" && keptSessions.has(r.idHash)) &&
        !(r.grantId !== null && keptGrants.has(r.grantId)),
    );
    for (const model of new Set(doomed.map((r) => r.model))) {
      const hashes = doomed.filter((r) => r.model === model).map((r) => r.idHash);
      await db
        .delete(identityArtifacts)
        .where(and(eq(identityArtifacts.model, model), inArray(identityArtifacts.idHash, hashes)));
    }
  },
});

/**
 * Ends every sign-in of a person in the embedded provider's store: sessions, grants,
 * access and refresh tokens, codes, interactions. One statement, so it can run inside the
 * transaction of a write that calls for it ("This wasn't me", persons/secure-account.ts):
 * both stand or neither does. Rows of other providers' deployments are simply not there.
 */
export const endEverySignIn = async (tx: Executor, personId: string): Promise<void> => {
  await tx.delete(identityArtifacts).where(eq(identityArtifacts.accountId, personId));
};

/**
 * Asks the embedded provider's session store whether a session (by its uid, the tokens'
 * `sid`) still exists, belongs to `personId` and has not expired. One indexed lookup.
 *
 * @example
 * await createSessionStatus(db).isOpen(claims.sid, personId);
 */
export const createSessionStatus = (db: Db, now: () => number = Date.now): SessionStatus => ({
  async isOpen(sid, personId) {
    const sessions = await db
      .select({ accountId: identityArtifacts.accountId, expiresAt: identityArtifacts.expiresAt })
      .from(identityArtifacts)
      .where(
        and(eq(identityArtifacts.model, "Session"), eq(identityArtifacts.uidHash, sha256(sid))),
      );
    return sessions.some(
      (s) => s.accountId === personId && (!s.expiresAt || s.expiresAt.getTime() > now()),
    );
  },
});
