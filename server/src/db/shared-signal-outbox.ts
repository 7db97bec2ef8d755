/**
 * The Shared Signals outbox writer (docs/ssf.md): turns a change a flow has just written into
 * one `ssf_events` row per stream that asked for its event type, with the same executor, so
 * inside the flow's transaction the event stands or falls with the change (a transactional
 * outbox). Flows make no call of their own: `recordSecurityEvent` (the activity list),
 * `eraseTraces` (an erasure) and the session port (sessions ended) call it. Only confirmed
 * accounts are reported: a receiver never hears of a registration nobody confirmed.
 *
 * Subjects are stored as the stream asked for them: `iss_sub` with the person id as `sub`
 * (the signer adds `iss`), or `email` with the address. An e-mail change reports the address
 * the flow locked before its change as the subject and the new one as `new-value`, to `email`
 * streams only: an `iss_sub` stream learns that the identifier changed, not the address.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "./client.js";

const CAEP = "https://schemas.openid.net/secevent/caep/event-type/";
const RISC = "https://schemas.openid.net/secevent/risc/event-type/";

/** The event types the transmitter emits (SSF 1.0, CAEP 1.0, RISC 1.0). */
export const SSF_EVENT_TYPES = {
  sessionRevoked: `${CAEP}session-revoked`,
  credentialChange: `${CAEP}credential-change`,
  accountDisabled: `${RISC}account-disabled`,
  accountEnabled: `${RISC}account-enabled`,
  accountPurged: `${RISC}account-purged`,
  identifierChanged: `${RISC}identifier-changed`,
} as const;

/** Sent on request only (the verification endpoint), never asked for in `events_requested`. */
export const SSF_VERIFICATION_EVENT =
  "https://schemas.openid.net/secevent/ssf/event-type/verification";

/** Every event type a stream may ask for. */
export const SSF_SUPPORTED_EVENTS: ReadonlyArray<string> = Object.values(SSF_EVENT_TYPES);

/** One event to queue: its type and members (the same for every subject format unless split). */
export interface SharedSignal {
  readonly type: string;
  readonly payload?: Readonly<Record<string, string>>;
  /**
   * For `email` streams: the subject's address when not the person's current one (the one
   * before a change), and whether the current one is the event's `new-value`.
   */
  readonly email?: { readonly subject?: string; readonly newValueIsCurrent?: boolean };
}

// CAEP credential types (and two of this portal's own, which CAEP lets transmitter and
// receiver agree on) of the factors the activity names.
const CREDENTIAL_TYPES: Readonly<Record<string, string>> = {
  password: "password",
  passkey: "fido2-platform",
  AUTHENTICATOR_APP: "app",
  EMAIL: "email-otp",
  "recovery-codes": "recovery-code",
};

const credentialChange = (factor: string | undefined, change: string): SharedSignal | undefined => {
  const type = factor === undefined ? undefined : CREDENTIAL_TYPES[factor];
  return type
    ? {
        type: SSF_EVENT_TYPES.credentialChange,
        payload: { credential_type: type, change_type: change, initiating_entity: "user" },
      }
    : undefined;
};

/**
 * The event an activity kind reports, if any. Sessions ended are reported by the session port
 * (every flow that ends them goes through it, sign-out everywhere too), not from here.
 *
 * @example
 * signalOfActivity("passkey-added", "passkey"); // credential-change, fido2-platform, create
 */
export const signalOfActivity = (
  kind: string,
  factor: string | undefined,
  previousEmail: string | undefined,
): SharedSignal | undefined => {
  switch (kind) {
    case "password-changed":
      return credentialChange("password", "update");
    case "second-factor-added":
    case "passkey-added":
      return credentialChange(factor, "create");
    case "second-factor-removed":
    case "passkey-removed":
    // Keycloak mode: securing removed a factor Keycloak held (provider/keycloak/factor-removal.ts).
    case "factor-removed-when-secured":
      return credentialChange(factor, "delete");
    case "recovery-codes-regenerated":
      return credentialChange("recovery-codes", "update");
    case "account-closed":
      return { type: SSF_EVENT_TYPES.accountDisabled };
    case "account-restored":
      return { type: SSF_EVENT_TYPES.accountEnabled };
    case "email-changed":
    case "email-change-reverted":
      return {
        type: SSF_EVENT_TYPES.identifierChanged,
        // The flow recorded it after writing the new address: the person's row holds it.
        email: { ...(previousEmail ? { subject: previousEmail } : {}), newValueIsCurrent: true },
      };
    default:
      return undefined;
  }
};

const queuedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever this process queued an event (the delivery worker: a request
 * that queued one is followed by a delivery round; one that queued none costs nothing).
 * Answers the unsubscribe.
 */
export const onSharedSignalQueued = (listener: () => void): (() => void) => {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
};

/** Tells the listeners of {@link onSharedSignalQueued} (also for events queued elsewhere). */
export const sharedSignalQueued = (): void => {
  for (const listener of queuedListeners) listener();
};

/**
 * Queues `signal` about `personId` for every stream not disabled that delivers its type, in one
 * statement on `db` (the flow's transaction when it has one). Answers how many rows it wrote.
 *
 * @example
 * await queueSharedSignal(tx, person.id, { type: SSF_EVENT_TYPES.accountPurged });
 */
export const queueSharedSignal = async (
  db: Executor,
  personId: string,
  signal: SharedSignal,
  at?: Date,
): Promise<number> => {
  const payload = JSON.stringify(signal.payload ?? {});
  const newValue = signal.email?.newValueIsCurrent === true;
  const result = (await db.execute(sql`
    insert into ssf_events (stream_id, event_type, subject, payload, txn, occurred_at)
    select s.id, ${signal.type},
           case when s.subject_format = 'email'
                then jsonb_build_object('format', 'email', 'email', coalesce(${signal.email?.subject ?? null}::text, p.email))
                else jsonb_build_object('format', 'iss_sub', 'sub', p.id::text) end,
           case when s.subject_format = 'email' and ${newValue}::boolean
                then ${payload}::jsonb || jsonb_build_object('new-value', p.email)
                else ${payload}::jsonb end,
           ${randomUUID()}::uuid, coalesce(${at?.toISOString() ?? null}::timestamptz, now())
      from ssf_streams s
      join persons p on p.id = ${personId}::uuid
     where s.status <> 'disabled'
       and s.events_delivered @> jsonb_build_array(${signal.type}::text)
       and p.email_confirmed_at is not null
    returning id`)) as unknown as { rows: unknown[] };
  if (result.rows.length > 0) sharedSignalQueued();
  return result.rows.length;
};
