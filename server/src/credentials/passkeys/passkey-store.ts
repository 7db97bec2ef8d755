import { and, asc, eq, isNull, lt } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.js";
import { type PasskeyRow, passkeys } from "../../db/schema/passkeys.js";

/** Longest name of a passkey (characters). */
export const PASSKEY_NAME_MAX = 64;

/**
 * A name as typed, made safe to keep: one line, trimmed, at most {@link PASSKEY_NAME_MAX}
 * characters; empty when nothing usable is left (the caller picks a default).
 *
 * @example
 * cleanPasskeyName("  Laptop\n"); // "Laptop"
 */
export const cleanPasskeyName = (raw: string): string =>
  [
    ...raw
      // Control and invisible formatting characters never belong in a label.
      .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, " ")
      .replace(/\s+/g, " ")
      .trim(),
  ]
    .slice(0, PASSKEY_NAME_MAX)
    .join("")
    .trim();

/** The person's passkeys, oldest first, suspended ones too (../suspended-factors/). */
export const passkeysOf = (db: Executor, personId: string): Promise<PasskeyRow[]> =>
  db
    .select()
    .from(passkeys)
    .where(eq(passkeys.personId, personId))
    .orderBy(asc(passkeys.createdAt));

/** The person's passkeys that sign in: every one but those "This wasn't me" suspended. */
export const passkeysInUse = async (db: Executor, personId: string): Promise<PasskeyRow[]> =>
  (await passkeysOf(db, personId)).filter((p) => p.suspendedAt === null);

/** The passkey with the authenticator's credential id `credentialId`. */
export const passkeyByCredentialId = async (
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> =>
  (await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1))[0];

/**
 * True when the person has a passkey in use: every passkey is a second factor (asked for
 * after the password), the passwordless ones as much as those registered for that only.
 */
export const hasSecondFactorPasskey = async (db: Db, personId: string): Promise<boolean> => {
  const rows = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.personId, personId), isNull(passkeys.suspendedAt)))
    .limit(1);
  return rows.length === 1;
};

/**
 * Records one use of passkey `id` with the counter the authenticator signed: only when it
 * is higher than the stored one (or both are 0: an authenticator that keeps no counter),
 * in one statement, so a replayed or cloned response, or two parallel uses of one
 * counter value, cannot both pass. True for the use that was recorded.
 */
export const recordPasskeyUse = async (
  db: Db,
  id: string,
  newCounter: number,
  now: Date,
): Promise<boolean> => {
  const updated = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, id),
        newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter),
      ),
    )
    .returning({ id: passkeys.id });
  return updated.length === 1;
};

/** Renames the person's passkey `id`; the row, or undefined when it is not theirs. */
export const renamePasskey = async (
  db: Db,
  personId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> => {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.personId, personId)))
    .returning();
  return row;
};

/** Removes the person's passkey `id`; the removed row, if there was one. */
export const removePasskey = async (
  db: Executor,
  personId: string,
  id: string,
): Promise<PasskeyRow | undefined> => {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.personId, personId)))
    .returning();
  return row;
};
