import { normaliseEmail } from "@portal/core";
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
export const subjectOf = (email: string): string => keyedHash("login", normaliseEmail(email));

// Constants written into the statement (no parameter whose type PostgreSQL must guess).
const n = (value: number) => sql.raw(String(Math.trunc(value)));

/** Seconds left before `email` may try again, or 0 (by the database's clock, as the lock). */
export const secondsLocked = async (db: Db, email: string): Promise<number> => {
  const rows = await db
    .select({
      seconds: sql<number>`greatest(0, ceil(extract(epoch from ${identityLoginFailures.lockedUntil} - now())))::int`,
    })
    .from(identityLoginFailures)
    .where(eq(identityLoginFailures.subjectHash, subjectOf(email)))
    .limit(1);
  return Number(rows[0]?.seconds ?? 0);
};

/** The outcome of {@link reserveAttempt}. */
export type Attempt =
  /** Check the password or code; `waitIfWrong` is the wait a failure now imposes. */
  | { readonly allowed: true; readonly waitIfWrong: number }
  /** Refused unchecked: `wait` seconds are left. */
  | { readonly allowed: false; readonly wait: number };

/**
 * Reserves one attempt for `email` before its password or code is checked: one statement
 * counts it as a failure and sets the wait that failure imposes, but only while no wait
 * runs. Checking first and counting after would let parallel guesses all be checked
 * before any of them is counted; this way at most {@link FREE_FAILURES} + 1 attempts in a
 * row are ever checked, however many arrive at once and on however many processes.
 * A success then clears the count ({@link recordSuccess}); a failure needs nothing more.
 *
 * @example
 * const attempt = await reserveAttempt(db, "a@example.org");
 * if (!attempt.allowed) showWait(attempt.wait);
 */
export const reserveAttempt = async (db: Db, email: string): Promise<Attempt> => {
  const t = identityLoginFailures;
  const failures = sql`(case when ${t.lastFailureAt} < now() - make_interval(hours => ${n(FAILURE_RESET_HOURS)}) then 1 else ${t.failures} + 1 end)`;
  const [row] = await db
    .insert(t)
    .values({
      subjectHash: subjectOf(email),
      failures: 1,
      lastFailureAt: sql`now()`,
      lockedUntil: null,
    })
    .onConflictDoUpdate({
      target: t.subjectHash,
      set: {
        failures,
        lastFailureAt: sql`now()`,
        lockedUntil: sql`case when ${failures} > ${n(FREE_FAILURES)} then now() + make_interval(secs => least(${n(FIRST_WAIT_SECONDS)} * power(2, ${failures} - ${n(FREE_FAILURES + 1)}), ${n(MAX_WAIT_SECONDS)})) end`,
      },
      // The row stays as it is (and nothing is returned) while a wait runs.
      setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= now()`,
    })
    .returning({ failures: t.failures });
  if (row) return { allowed: true, waitIfWrong: waitAfterFailures(row.failures) };
  return { allowed: false, wait: Math.max(1, await secondsLocked(db, email)) };
};

/** A successful sign-in clears the count. */
export const recordSuccess = async (db: Db, email: string): Promise<void> => {
  await db
    .delete(identityLoginFailures)
    .where(eq(identityLoginFailures.subjectHash, subjectOf(email)));
};
