/**
 * Keycloak mode: the activity list's sign-ins, read from Keycloak's own login events.
 *
 * People sign in on Keycloak's page, so the portal sees no sign-in. The realm saves its
 * `LOGIN` and `LOGIN_ERROR` events (keycloak/realm-portal.json: `eventsEnabled`, kept 7
 * days), and every process copies the new ones through the admin API
 * (`GET /events`, realm-management `view-events`) into the person's activity as "sign-in"
 * and "sign-in-failed" with the shortened address. Keycloak's event id becomes the row's
 * id, so several processes copying the same event write it once (`on conflict do
 * nothing`). Keycloak's events carry no browser or system, so the list names none and no
 * "new device" alert can be told from them (docs/keycloak.md).
 */
import { sql } from "drizzle-orm";
import { ACTIVITY_RETENTION_DAYS } from "../../activity/security-events.js";
import { shortenAddress } from "../../activity/short-address.js";
import { type BackgroundWorker, createBackgroundWorker } from "../../clock/background-worker.js";
import type { Db } from "../../db/client.js";
import { persons, securityEvents } from "../../db/schema/index.js";
import type { KeycloakAdmin } from "./admin-client.js";

/** One event as Keycloak's admin API answers it (the fields used here). */
export interface KeycloakEvent {
  readonly id?: string;
  readonly time: number;
  readonly type: string;
  readonly userId?: string | null;
  readonly ipAddress?: string | null;
  readonly error?: string | null;
}

/** Events asked for per page: Keycloak answers newest first. */
export const EVENTS_PAGE = 100;
/** Pages read per run at most; a run that stops there goes on from there the next time. */
const MAX_PAGES = 10;
// Only a wrong password is a failed attempt of the person's; an expired code or a
// cancelled step is not worth their attention.
const FAILED_SIGN_IN_ERRORS = new Set(["invalid_user_credentials", "invalid_authentication"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const kindOf = (event: KeycloakEvent): "sign-in" | "sign-in-failed" | undefined => {
  if (event.type === "LOGIN") return "sign-in";
  if (event.type === "LOGIN_ERROR" && FAILED_SIGN_IN_ERRORS.has(event.error ?? "")) {
    return "sign-in-failed";
  }
  return undefined;
};

/** What one run did. */
export interface SignInImportRun {
  /** Events newly written into the activity (an event another process wrote counts not). */
  readonly imported: number;
  /** The newest event time seen, where the next run may stop reading. */
  readonly newest: number;
}

/**
 * Copies the sign-in events newer than `since` (epoch ms, minus a minute of overlap for
 * events Keycloak stores a little late). The person is Keycloak's user's `cr_id` attribute
 * (`users` caches it per run); a user without one, or whose person is gone, is skipped.
 */
export const importSignIns = async (options: {
  readonly db: Db;
  readonly admin: KeycloakAdmin;
  readonly since: number;
  readonly now: () => Date;
  readonly retentionDays?: number;
}): Promise<SignInImportRun> => {
  const { db, admin } = options;
  const oldest = Math.max(
    options.since - 60_000,
    options.now().getTime() - (options.retentionDays ?? ACTIVITY_RETENTION_DAYS) * 86_400_000,
  );
  const personOf = new Map<string, string | undefined>();
  let imported = 0;
  let newest = options.since;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({
      first: String(page * EVENTS_PAGE),
      max: String(EVENTS_PAGE),
    });
    query.append("type", "LOGIN");
    query.append("type", "LOGIN_ERROR");
    const events = await admin.get<KeycloakEvent[]>(`/events?${query}`);
    for (const event of events) {
      newest = Math.max(newest, event.time);
      const kind = kindOf(event);
      if (event.time < oldest || !kind || !event.userId || !event.id || !UUID.test(event.id))
        continue;
      if (!personOf.has(event.userId)) {
        const user = await admin
          .get<{ attributes?: Record<string, string[]> }>(
            `/users/${encodeURIComponent(event.userId)}`,
          )
          .catch(() => undefined);
        const crId = user?.attributes?.cr_id?.[0];
        personOf.set(event.userId, crId && UUID.test(crId) ? crId : undefined);
      }
      const personId = personOf.get(event.userId);
      if (!personId) continue;
      const details = JSON.stringify({ address: shortenAddress(event.ipAddress ?? undefined) });
      // Only for a person who still exists; the event's id makes a second copy a no-op.
      const result = (await db.execute(sql`
        insert into ${securityEvents} (id, person_id, kind, details, created_at)
        select ${event.id}::uuid, p.id, ${kind}, ${details}::jsonb, ${new Date(event.time).toISOString()}::timestamptz
          from ${persons} p where p.id = ${personId}::uuid
        on conflict (id) do nothing`)) as unknown as { affectedRows?: number; rowCount?: number };
      imported += result.affectedRows ?? result.rowCount ?? 0;
    }
    const last = events.at(-1);
    if (events.length < EVENTS_PAGE || (last && last.time < oldest)) break;
  }
  return { imported, newest };
};

/** The import worker of one process. */
export type KeycloakSignInImport = BackgroundWorker<SignInImportRun>;

/**
 * A run every `pollMs`, one at a time per process; the first reads back over the
 * retention period (what Keycloak still keeps), every later one from the newest event seen.
 *
 * @example
 * const signIns = createKeycloakSignInImport({ db, admin, clock, log, pollMs: 5000 });
 * signIns.start();
 */
export const createKeycloakSignInImport = (options: {
  readonly db: Db;
  readonly admin: KeycloakAdmin;
  readonly clock: { now(): Date };
  readonly log: { warn(object: object, message: string): void };
  readonly pollMs: number;
}): KeycloakSignInImport => {
  let since = 0;
  return createBackgroundWorker({
    run: async () => {
      const result = await importSignIns({ ...options, since, now: () => options.clock.now() });
      since = result.newest;
      return result;
    },
    pollMs: options.pollMs,
    onFailure: (error) =>
      options.log.warn({ err: error }, "Keycloak sign-in events not read; tried again later"),
  });
};
