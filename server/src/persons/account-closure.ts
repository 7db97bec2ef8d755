import { eq, inArray } from "drizzle-orm";
import { recordSecurityEvent } from "../activity/security-events.js";
import type { Tx } from "../db/client.js";
import { identityArtifacts } from "../db/schema/identity.js";
import { MAIL_TOKEN_KINDS, type PersonRow, persons } from "../db/schema/index.js";
import { mailQueue } from "../db/schema/mail-queue.js";
import { issueToken, retireTokens } from "./mail-tokens.js";

const DAY = 24 * 60 * 60 * 1000;

/** What a closing leaves: when the purge erases the account, and the restore link's token. */
export interface Closed {
  readonly eraseAt: Date;
  readonly restoreToken: string;
}

/**
 * Closes a person's account for a grace period of `graceDays` (> 0) instead of erasing it:
 * in the confirming transaction, under the person's row lock, the row is marked closed
 * with its erase date (every lookup but support's then treats it as unknown), every open
 * mailed link is retired, the provider's sessions, grants and refresh tokens go, mails
 * still queued for the address are dropped, and one restore link is issued, valid until
 * the erasure. Everything else stays as it was, for the restore.
 */
export const closeAccount = async (
  tx: Tx,
  person: PersonRow,
  now: Date,
  graceDays: number,
): Promise<Closed> => {
  const eraseAt = new Date(now.getTime() + graceDays * DAY);
  await tx
    .update(persons)
    .set({ closedAt: now, eraseAt, updatedAt: now })
    .where(eq(persons.id, person.id));
  await retireTokens(tx, person.id, MAIL_TOKEN_KINDS, now);
  await tx.delete(identityArtifacts).where(eq(identityArtifacts.accountId, person.id));
  await tx.delete(mailQueue).where(inArray(mailQueue.email, [person.email]));
  await recordSecurityEvent(tx, person, "account-closed", {}, now);
  const restoreToken = await issueToken(tx, {
    kind: "ACCOUNT_RESTORE",
    personId: person.id,
    now,
    expiresAt: eraseAt,
  });
  return { eraseAt, restoreToken };
};
