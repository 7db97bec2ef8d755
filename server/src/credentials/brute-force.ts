import { normaliseEmail } from "@portal/core";
import { eq, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { flushHeldWrites, holdWrite } from "../db/request-cache.js";
import { identityLoginFailures } from "../db/schema/identity.js";
import { statementTemplate } from "../db/statement-template.js";
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
  await flushHeldWrites();
  const [row] = await reservationOf(db, subjectOf(email));
  if (row) return { allowed: true, waitIfWrong: waitAfterFailures(row.failures) };
  return { allowed: false, wait: Math.max(1, await secondsLocked(db, email)) };
};

/**
 * A login subject ({@link subjectOf}) in a statement: its value, or the placeholder of a
 * prepared statement that is given the value when it runs.
 */
export type SubjectValue = string | Placeholder<"subject">;

/**
 * {@link reserveAttempt}'s one upsert: it counts the failure and returns the count, or
 * leaves the row as it is and returns nothing while a wait runs.
 */
const reservationOf = (db: Db, subject: SubjectValue) => {
  const t = identityLoginFailures;
  const failures = sql`(case when ${t.lastFailureAt} < now() - make_interval(hours => ${n(FAILURE_RESET_HOURS)}) then 1 else ${t.failures} + 1 end)`;
  return db
    .insert(t)
    .values({
      subjectHash: subject,
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
};

/**
 * {@link reserveAttempt} as a WITH clause, for a statement that reads what the check needs
 * alongside (issue 48: one statement fewer per sign-in). The reservation is still the one
 * upsert, as atomic as alone; `failures` and `lockedSeconds` go into the statement's
 * select list, and {@link attemptOf} reads them. `subject` is {@link subjectOf} the address
 * or the placeholder of a prepared statement.
 */
export const reservationClause = (db: Db, subject: SubjectValue) => {
  const attempt = db.$with("attempt").as(reservationOf(db, subject));
  const t = identityLoginFailures;
  return {
    attempt,
    failures: sql<number | null>`(select ${sql.identifier("failures")} from ${attempt})`,
    // The statement's snapshot: the row before the upsert, which a running wait leaves as is.
    // Against the clock, not the transaction's start: a wait committed by a parallel attempt
    // after this statement's transaction began would otherwise read a second too long.
    lockedSeconds: sql<
      number | null
    >`(select greatest(0, ceil(extract(epoch from ${t.lockedUntil} - clock_timestamp())))::int from ${t} where ${eq(t.subjectHash, subject)})`,
  };
};

/** The attempt a {@link reservationClause} statement reserved. */
export const attemptOf = (failures: number | null, lockedSeconds: number | null): Attempt =>
  failures === null
    ? { allowed: false, wait: Math.max(1, Number(lockedSeconds ?? 0)) }
    : { allowed: true, waitIfWrong: waitAfterFailures(Number(failures)) };

// Rendered to text once (statement-template.ts): it goes with the request's held writes.
const clearFailures = statementTemplate<"subject">((db) =>
  db
    .delete(identityLoginFailures)
    .where(eq(identityLoginFailures.subjectHash, sql.placeholder("subject"))),
);

/**
 * A successful sign-in clears the count: with the request's other writes, before its answer
 * (request-cache.ts; the sign-in page's grant and interaction result, issue 48), or at once
 * outside a request.
 */
export const recordSuccess = async (db: Db, email: string): Promise<void> => {
  const subject = subjectOf(email);
  const write = clearFailures(db, { subject });
  if (!(await holdWrite(db, `login-failures:${subject}`, write))) await db.execute(write);
};
