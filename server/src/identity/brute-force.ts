import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { identityLoginFailures } from "../db/schema/identity.js";
import { keyedHash } from "../security/keyed-hash.js";

/** Failures that are free before the first wait. */
export const FREE_FAILURES = 4;
/** The first wait, doubled with every further failure. */
export const FIRST_WAIT_SECONDS = 60;
/** The longest wait: never a permanent lockout. */
export const MAX_WAIT_SECONDS = 15 * 60;
/** Failures older than this are forgotten (Keycloak's failure reset time). */
export const FAILURE_RESET_HOURS = 12;

/**
 * Seconds to wait after the n-th failure in a row: none for the first four, then 60 s
 * doubling with each failure up to 15 minutes (5th: 60 s, 6th: 120 s, ... 9th+: 900 s).
 *
 * @example
 * waitAfterFailures(5); // 60
 */
export const waitAfterFailures = (failures: number): number =>
  failures <= FREE_FAILURES
    ? 0
    : Math.min(FIRST_WAIT_SECONDS * 2 ** (failures - FREE_FAILURES - 1), MAX_WAIT_SECONDS);

// Counted per address, known or not, so the answers never tell whether an account exists;
// keyed, so the table does not name who tried (and outlives no account in readable form).
export const subjectOf = (email: string): string => keyedHash("login", email.trim().toLowerCase());

/** Seconds left before `email` may try again, or 0. */
export const secondsLocked = async (db: Db, email: string): Promise<number> => {
  const rows = await db
    .select({ lockedUntil: identityLoginFailures.lockedUntil })
    .from(identityLoginFailures)
    .where(eq(identityLoginFailures.subjectHash, subjectOf(email)))
    .limit(1);
  const until = rows[0]?.lockedUntil?.getTime() ?? 0;
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
};

/** Counts one failed password or code for `email`; returns the wait it now imposes. */
export const recordFailure = async (db: Db, email: string): Promise<number> => {
  const subjectHash = subjectOf(email);
  const [row] = await db
    .insert(identityLoginFailures)
    .values({ subjectHash, failures: 1, lastFailureAt: new Date() })
    .onConflictDoUpdate({
      target: identityLoginFailures.subjectHash,
      set: {
        failures: sql`case when ${identityLoginFailures.lastFailureAt} < now() - make_interval(hours => ${FAILURE_RESET_HOURS}) then 1 else ${identityLoginFailures.failures} + 1 end`,
        lastFailureAt: new Date(),
      },
    })
    .returning({ failures: identityLoginFailures.failures });
  const wait = waitAfterFailures(row?.failures ?? 1);
  if (wait > 0) {
    await db
      .update(identityLoginFailures)
      .set({ lockedUntil: new Date(Date.now() + wait * 1000) })
      .where(eq(identityLoginFailures.subjectHash, subjectHash));
  }
  return wait;
};

/** A successful sign-in clears the count. */
export const recordSuccess = async (db: Db, email: string): Promise<void> => {
  await db
    .delete(identityLoginFailures)
    .where(eq(identityLoginFailures.subjectHash, subjectOf(email)));
};
