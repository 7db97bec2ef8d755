import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { passwordHistory, persons } from "../db/schema/index.js";
import { verifyPassword } from "../security/password-hash.js";

/** How many earlier passwords a new one must differ from (PASSWORD_IN_HISTORY). */
export const PASSWORD_HISTORY_DEPTH = 5;

/** True when `password` is one of the person's last five passwords (the current one included). */
export const isInPasswordHistory = async (
  db: Executor,
  personId: string,
  password: string,
): Promise<boolean> => {
  const rows = await db
    .select({ hash: passwordHistory.hash })
    .from(passwordHistory)
    .where(eq(passwordHistory.personId, personId))
    .orderBy(desc(passwordHistory.createdAt))
    .limit(PASSWORD_HISTORY_DEPTH);
  for (const { hash } of rows) if (await verifyPassword(hash, password)) return true;
  return false;
};

/** Records a newly set password hash in the history (call inside the write's transaction). */
export const rememberPassword = async (
  db: Executor,
  personId: string,
  hash: string,
  now: Date,
): Promise<void> => {
  await db.insert(passwordHistory).values({ personId, hash, createdAt: now });
};

/** Stores a new password hash for a person and records it in the history. */
export const storePassword = async (
  db: Executor,
  personId: string,
  hash: string,
  now: Date,
): Promise<void> => {
  await db
    .update(persons)
    .set({ passwordHash: hash, passwordChangedAt: now, updatedAt: now })
    .where(eq(persons.id, personId));
  await rememberPassword(db, personId, hash, now);
};

/**
 * Replaces the password hash `oldHash` (the one the old password was checked against) with
 * `hash`, and records it: a compare-and-swap, so of several changes checked against the
 * same old password exactly one succeeds. False, with nothing written, when the stored
 * hash is no longer `oldHash` (call inside the write's transaction).
 */
export const replacePassword = async (
  db: Executor,
  personId: string,
  oldHash: string,
  hash: string,
  now: Date,
): Promise<boolean> => {
  const swapped = await db
    .update(persons)
    .set({ passwordHash: hash, passwordChangedAt: now, updatedAt: now })
    .where(and(eq(persons.id, personId), eq(persons.passwordHash, oldHash)))
    .returning({ id: persons.id });
  if (swapped.length === 0) return false;
  await rememberPassword(db, personId, hash, now);
  return true;
};
