import { and, eq, inArray, ne } from "drizzle-orm";
import { subjectOf } from "../credentials/index.js";
import type { Executor } from "../db/client.js";
import { identityArtifacts, identityLoginFailures } from "../db/schema/identity.js";
import {
  mailLog,
  mailTokens,
  outboxMessages,
  type PersonRow,
  persons,
} from "../db/schema/index.js";
import { mailQueue } from "../db/schema/mail-queue.js";
import { queueSharedSignal, SSF_EVENT_TYPES } from "../db/shared-signal-outbox.js";

/**
 * Every address a person has used or asked for: the current one and both ends of each
 * e-mail change (kept in the change tokens). Addresses another account holds now are left
 * out: their mails and counters are that account's.
 */
const addressesOf = async (db: Executor, person: PersonRow): Promise<string[]> => {
  const changes = await db
    .select({ payload: mailTokens.payload })
    .from(mailTokens)
    .where(and(eq(mailTokens.personId, person.id), eq(mailTokens.kind, "EMAIL_CHANGE")));
  const all = new Set([person.email]);
  for (const { payload } of changes) {
    if (payload?.newEmail) all.add(payload.newEmail);
    if (payload?.oldEmail) all.add(payload.oldEmail);
  }
  const held = await db
    .select({ email: persons.email })
    .from(persons)
    .where(and(inArray(persons.email, [...all]), ne(persons.id, person.id)));
  for (const { email } of held) all.delete(email);
  return [...all];
};

/**
 * Removes what outlives a person's row in other tables: the mails kept for any of the
 * person's addresses (one names the new address) and the mail log's entries of them,
 * mails still queued for them, the sign-in failure counts of them, and the identity
 * provider's sessions, grants and tokens of the account (its artifacts name the person by
 * id, not by a foreign key; the session revoker's later call then finds nothing left).
 * Call it in the deletion's transaction, before the row goes (the change tokens name the
 * earlier addresses and cascade with it). Rate-limit counters are keyed hashes that end
 * with their window (an hour at most), so they are left to expire.
 */
export const eraseTraces = async (db: Executor, person: PersonRow): Promise<void> => {
  // Before the row goes: the receivers of Shared Signals hear of the erasure (in this
  // transaction, so only of one that happens; db/shared-signal-outbox.ts).
  await queueSharedSignal(db, person.id, { type: SSF_EVENT_TYPES.accountPurged });
  const addresses = await addressesOf(db, person);
  await db.delete(outboxMessages).where(inArray(outboxMessages.to, addresses));
  await db.delete(mailLog).where(inArray(mailLog.to, addresses));
  await db.delete(mailQueue).where(inArray(mailQueue.email, addresses));
  await db
    .delete(identityLoginFailures)
    .where(inArray(identityLoginFailures.subjectHash, addresses.map(subjectOf)));
  await db.delete(identityArtifacts).where(eq(identityArtifacts.accountId, person.id));
};
