/**
 * The security events of the activity list: recorded by the API and the identity provider
 * (`recordSecurityEvent`), read by the person page by page, newest first, and purged after
 * the activity's retention period (default {@link ACTIVITY_RETENTION_DAYS} days) by the
 * privacy module's retention purge.
 */
import {
  ACTIVITY_PAGE_SIZE,
  type SecurityEvent,
  type SecurityEventKind,
  type SecurityEventPage,
} from "@portal/contracts";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { securityEvents } from "../db/schema/index.js";
import { queueSharedSignal, signalOfActivity } from "../db/shared-signal-outbox.js";

/** Days an event stays readable unless RETENTION_ACTIVITY says otherwise. */
export const ACTIVITY_RETENTION_DAYS = 90;

/** What an event may tell besides its kind; never a secret, never a full address. */
export interface SecurityEventDetails {
  readonly browser?: string;
  readonly os?: string;
  /** Shortened (short-address.ts). */
  readonly address?: string;
  /** The factor concerned: "AUTHENTICATOR_APP", "EMAIL", "passkey", ... */
  readonly factor?: string;
  /** The factor's own name (a passkey's label). */
  readonly label?: string;
  /** When the factor concerned was set up (ISO 8601). */
  readonly factorCreatedAt?: string;
  /**
   * Kept with the event but never shown: which credential of Keycloak's a removal was
   * (so a removal tried again is recorded once, provider/keycloak/factor-removal.ts).
   */
  readonly keycloakCredential?: string;
}

/** What the person reads of an event's details. */
const SHOWN_KEYS = ["browser", "os", "address", "factor", "label", "factorCreatedAt"] as const;
const DETAIL_KEYS = [...SHOWN_KEYS, "keycloakCredential"] as const;

/**
 * Records one event for a person. Other features call it after the change they report
 * has been written (second factor or passkey added or removed, recovery code used).
 *
 * @example
 * await recordSecurityEvent(db, person, "second-factor-added", { factor: "AUTHENTICATOR_APP" });
 */
export const recordSecurityEvent = async (
  db: Executor,
  person: { readonly id: string; readonly email?: string } | string,
  kind: SecurityEventKind,
  details: SecurityEventDetails = {},
  at?: Date,
): Promise<void> => {
  await securityEventInsert(db, person, kind, details, at);
  // The Shared Signals receivers learn of it with the same executor (the flow's transaction):
  // the event is queued exactly when the activity is written (db/shared-signal-outbox.ts).
  // An e-mail change passes the person as locked before it: its address is the old one.
  const signal = signalOfActivity(
    kind,
    details.factor,
    typeof person === "string" ? undefined : person.email,
  );
  if (signal) {
    await queueSharedSignal(db, typeof person === "string" ? person : person.id, signal, at);
  }
};

/**
 * The insert of {@link recordSecurityEvent}, unsent: to run it as part of a larger statement.
 * It queues no Shared Signal: only kinds no receiver hears of (a sign-in) are written so.
 */
export const securityEventInsert = (
  db: Executor,
  person: { readonly id: string } | string,
  kind: SecurityEventKind,
  details: SecurityEventDetails = {},
  at?: Date,
) => {
  const kept: Record<string, string> = {};
  for (const key of DETAIL_KEYS) {
    const value = details[key];
    if (value) kept[key] = value.slice(0, 64);
  }
  return db.insert(securityEvents).values({
    personId: typeof person === "string" ? person : person.id,
    kind,
    details: kept,
    ...(at ? { createdAt: at } : {}),
  });
};

const shown = (details: Readonly<Record<string, string>>): Partial<Record<string, string>> =>
  Object.fromEntries(SHOWN_KEYS.flatMap((key) => (details[key] ? [[key, details[key]]] : [])));

/**
 * One page of a person's events of the retention period (`retentionHours`), newest first. `before` is the id of
 * the last event of the previous page (the cursor this returns as `next`); an unknown one
 * yields an empty page.
 */
export const listSecurityEvents = async (
  db: Executor,
  personId: string,
  now: Date,
  before?: string,
  retentionHours = ACTIVITY_RETENTION_DAYS * 24,
): Promise<SecurityEventPage> => {
  const since = new Date(now.getTime() - retentionHours * 3_600_000);
  const conditions = [eq(securityEvents.personId, personId), gt(securityEvents.createdAt, since)];
  if (before !== undefined) {
    // The cursor's own row, read in the same statement: (created_at, id) below it.
    const cursor = db
      .select({ createdAt: securityEvents.createdAt, id: securityEvents.id })
      .from(securityEvents)
      .where(and(eq(securityEvents.id, before), eq(securityEvents.personId, personId)));
    conditions.push(
      sql`(${securityEvents.createdAt}, ${securityEvents.id}) < (select created_at, id from (${cursor}) as c)`,
    );
  }
  const rows = await db
    .select()
    .from(securityEvents)
    .where(and(...conditions))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(ACTIVITY_PAGE_SIZE + 1);
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const events = page.map(
    (row): SecurityEvent => ({
      id: row.id,
      kind: row.kind as SecurityEventKind,
      at: row.createdAt.toISOString(),
      ...shown(row.details),
    }),
  );
  const last = page.at(-1);
  return rows.length > ACTIVITY_PAGE_SIZE && last ? { events, next: last.id } : { events };
};
