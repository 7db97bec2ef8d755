import { type PurgeReport, RETENTION_KINDS, type RetentionKind } from "@portal/contracts";
import {
  and,
  count,
  eq,
  inArray,
  isNull,
  lt,
  lte,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { purgeExpiredRememberedDevices } from "../credentials/index.js";
import type { Database, Tx } from "../db/client.js";
import {
  analyticsEvents,
  identityArtifacts,
  identityLoginFailures,
  mailLog,
  mailTokens,
  outboxMessages,
  persons,
  securityEvents,
  sessionDevices,
} from "../db/schema/index.js";
import { ERASURE_NOTICE_TEMPLATE } from "../mail/templates/account-deleted.js";
import { eraseTraces } from "../persons/person-traces.js";

// Any fixed number that no other advisory lock of the portal uses (the activity purge's
// former key: a process of the previous version and one of this never purge at once).
export const PURGE_LOCK_KEY = 0x61637476;

/** How long the outbox keeps the mail confirming an erasure (persons/deletion-routes.ts). */
export const ERASURE_NOTICE_HOURS = 24;
const HOUR = 3_600_000;

/** What is due for one kind: its table and the rows whose period has passed. */
interface Due {
  readonly table: PgTable;
  readonly where: SQL | undefined;
}

/**
 * The rows of each kind due at `before` (now minus the kind's period). Each condition
 * names the moment the period starts from: an event's time, a token's use or expiry, a
 * counter's last failure (and any lockout over), a registration's creation.
 */
const dueRows = (kind: RetentionKind, before: Date, now: Date): Due => {
  switch (kind) {
    case "analytics-events":
      return { table: analyticsEvents, where: lt(analyticsEvents.createdAt, before) };
    case "activity":
      return { table: securityEvents, where: lt(securityEvents.createdAt, before) };
    case "mail-tokens":
      return {
        table: mailTokens,
        where: or(
          lt(mailTokens.usedAt, before),
          and(isNull(mailTokens.usedAt), lt(mailTokens.expiresAt, before)),
        ),
      };
    case "login-failures":
      return {
        table: identityLoginFailures,
        where: and(
          lt(identityLoginFailures.lastFailureAt, before),
          or(isNull(identityLoginFailures.lockedUntil), lt(identityLoginFailures.lockedUntil, now)),
        ),
      };
    case "outbox":
      return {
        table: outboxMessages,
        where: or(
          lt(outboxMessages.createdAt, before),
          // The erasure's notice is the last trace of an erased person's address: kept only
          // as long as a mail server would hold a delivered mail, not the outbox's period.
          and(
            eq(outboxMessages.template, ERASURE_NOTICE_TEMPLATE),
            lt(
              outboxMessages.createdAt,
              new Date(now.getTime() - ERASURE_NOTICE_HOURS * 3_600_000),
            ),
          ),
        ),
      };
    case "mail-log":
      return { table: mailLog, where: lt(mailLog.sentAt, before) };
    case "unconfirmed-registrations":
      return {
        table: persons,
        where: and(isNull(persons.emailConfirmedAt), lt(persons.createdAt, before)),
      };
  }
};

const countOf = async (tx: Tx, due: Due): Promise<number> => {
  const [row] = await tx.select({ n: count() }).from(due.table).where(due.where);
  return Number(row?.n ?? 0);
};

/**
 * Deletes persons (registrations never confirmed, closed accounts due): the person is the identity provider's user, so
 * its row goes with what cascades from it (tokens, factors, events, consent history), and
 * eraseTraces takes the provider's artifacts of the account and the traces kept by
 * address (outbox, mail log, queue, sign-in failures), as an account deletion does.
 */
const deletePersons = async (tx: Tx, due: Due): Promise<number> => {
  const rows = await tx.select().from(persons).where(due.where).for("update");
  for (const person of rows) await eraseTraces(tx, person);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return 0;
  await tx.delete(persons).where(inArray(persons.id, ids));
  return ids.length;
};

/**
 * Accounts closed by a confirmed deletion whose erase date has come: each date was fixed
 * at the closing (DELETION_GRACE_DAYS then), so a purge after a pause (no process ran, a
 * start days later) erases every one whose date lies behind it, and a changed setting moves
 * no date already given in a mail.
 */
const closedAccountsDue = (now: Date): Due => ({
  table: persons,
  where: lte(persons.eraseAt, now),
});

const deleteDue = async (
  tx: Tx,
  kind: RetentionKind | "closed-accounts",
  due: Due,
): Promise<number> => {
  // Both go like a deletion (eraseTraces, then the row and what cascades from it).
  if (kind === "unconfirmed-registrations" || kind === "closed-accounts") {
    return deletePersons(tx, due);
  }
  const gone = await tx.delete(due.table).where(due.where).returning({ one: sql`1` });
  return gone.length;
};

/** Where ended sessions were opened from: of no use any more once the session is gone. */
const deleteEndedSessionOrigins = (tx: Tx) =>
  tx.delete(sessionDevices).where(
    notExists(
      tx
        .select({ one: sql`1` })
        .from(identityArtifacts)
        .where(
          and(
            eq(identityArtifacts.model, "Session"),
            eq(identityArtifacts.uidHash, sessionDevices.sessionUidHash),
          ),
        ),
    ),
  );

/** What a purge needs: the database, each kind's period, and the moment it runs at. */
export interface PurgeInput {
  readonly database: Database;
  readonly retentionHours: Readonly<Record<RetentionKind, number>>;
  /** DELETION_GRACE_DAYS, for the report: each closed account carries its own erase date. */
  readonly deletionGraceDays: number;
  readonly now: Date;
  readonly dryRun: boolean;
}

// One purge at a time per open database: PGlite is one connection whose transactions
// queue, so a second purge would only wait and find nothing; it reports `ran: false`
// instead, as a second process does on PostgreSQL when the advisory lock is taken.
const running = new WeakSet<Database>();

/**
 * Deletes (or with `dryRun` counts) per kind the rows whose period has passed, all in one
 * transaction that first takes a transaction-level advisory lock: of two processes on one
 * PostgreSQL the one that does not get it reports `ran: false` and touches nothing, and the
 * lock ends with the transaction (a crashed purge holds nothing).
 *
 * @example
 * const report = await purgeRetained({ database, retentionHours: config.retentionHours, deletionGraceDays: config.deletionGraceDays, now: clock.now(), dryRun: true });
 */
export const purgeRetained = async (input: PurgeInput): Promise<PurgeReport> => {
  const { now, dryRun } = input;
  const skipped: PurgeReport = { dryRun, ran: false, at: now.toISOString(), kinds: [] };
  if (running.has(input.database)) return skipped;
  running.add(input.database);
  try {
    return await input.database.transaction(async (tx) => {
      const locked = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_KEY}) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      if (!locked.rows[0]?.locked) return skipped;
      const kinds: PurgeReport["kinds"][number][] = [];
      for (const kind of RETENTION_KINDS) {
        const retentionHours = input.retentionHours[kind];
        const before = new Date(now.getTime() - retentionHours * HOUR);
        const due = dueRows(kind, before, now);
        const n = dryRun ? await countOf(tx, due) : await deleteDue(tx, kind, due);
        kinds.push({ kind, retentionHours, before: before.toISOString(), count: n });
      }
      const due = closedAccountsDue(now);
      const graceHours = input.deletionGraceDays * 24;
      kinds.push({
        kind: "closed-accounts",
        retentionHours: graceHours,
        before: new Date(now.getTime() - graceHours * HOUR).toISOString(),
        count: dryRun ? await countOf(tx, due) : await deleteDue(tx, "closed-accounts", due),
      });
      if (!dryRun) {
        await deleteEndedSessionOrigins(tx);
        // An expired remembered device skips nothing any more: of no use to anyone.
        await purgeExpiredRememberedDevices(tx, now);
      }
      return { dryRun, ran: true, at: now.toISOString(), kinds };
    });
  } finally {
    running.delete(input.database);
  }
};
