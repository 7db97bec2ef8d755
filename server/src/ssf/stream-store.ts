import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type SsfStreamRow, ssfEvents, ssfStreams } from "../db/schema/index.js";
import { SSF_SUPPORTED_EVENTS } from "../db/shared-signal-outbox.js";
import { apiError } from "../http/api-error.js";
import { SSF_AUTHORIZATION, sealSecret } from "../security/sealed-secret.js";
import { POLL_METHOD, PUSH_METHOD, type StreamWrite, type SubjectFormat } from "./stream-config.js";

/**
 * The streams of SSF 1.0 section 8.1.1, each owned by the receiver client that created it:
 * another client's stream answers as an unknown one (404). Every write is checked before it
 * is stored: a push endpoint on SSF_RECEIVER_ORIGINS, known event types, a bounded number of
 * streams per receiver.
 */

/** Streams one receiver may hold; a receiver needs one, a few for staging. */
export const MAX_STREAMS_PER_RECEIVER = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a checked write stores. */
export interface StreamSettings {
  readonly deliveryMethod: "push" | "poll";
  readonly endpointUrl: string | null;
  readonly authorizationHeader: string | null;
  readonly eventsRequested: string[];
  readonly eventsDelivered: string[];
  readonly subjectFormat: SubjectFormat;
  readonly description: string | null;
}

/**
 * The settings of a write, or 400 INVALID_REQUEST / 403 FORBIDDEN naming the member: a push
 * endpoint must be an http(s) URL whose origin is on `origins`; every requested event type
 * must be one the transmitter emits (SSF lets it ignore others; a refusal tells a receiver of
 * its typo instead of a stream that stays silent).
 */
export const checkedSettings = (
  body: StreamWrite,
  origins: ReadonlyArray<string>,
  previous?: SsfStreamRow,
): StreamSettings => {
  const method =
    body.delivery?.method ??
    (previous ? (previous.deliveryMethod === "push" ? PUSH_METHOD : POLL_METHOD) : undefined);
  if (!method) throw apiError(400, "INVALID_REQUEST", "delivery");
  let endpointUrl: string | null = null;
  let authorizationHeader: string | null = null;
  if (method === PUSH_METHOD) {
    const given = body.delivery?.endpoint_url ?? previous?.endpointUrl ?? undefined;
    const url = given === undefined ? null : URL.parse(given);
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password) {
      throw apiError(400, "INVALID_REQUEST", "delivery.endpoint_url");
    }
    // The operator's allow-list (SSF_RECEIVER_ORIGINS) is the only way out of the portal.
    if (!origins.includes(url.origin)) throw apiError(403, "FORBIDDEN", "delivery.endpoint_url");
    endpointUrl = url.href;
    // Kept sealed (security/sealed-secret.ts): a copy of the tables holds no receiver's key.
    const header = body.delivery?.authorization_header;
    authorizationHeader =
      header !== undefined
        ? sealSecret(SSF_AUTHORIZATION, header)
        : body.delivery
          ? null
          : (previous?.authorizationHeader ?? null);
  } else if (body.delivery?.endpoint_url !== undefined) {
    // A poll stream's endpoint is the transmitter's to give.
    throw apiError(400, "INVALID_REQUEST", "delivery.endpoint_url");
  }
  const requested = body.events_requested ?? previous?.eventsRequested ?? [];
  if (requested.some((type) => !SSF_SUPPORTED_EVENTS.includes(type))) {
    throw apiError(400, "INVALID_REQUEST", "events_requested");
  }
  const distinct = [...new Set(requested)];
  return {
    deliveryMethod: method === PUSH_METHOD ? "push" : "poll",
    endpointUrl,
    authorizationHeader,
    eventsRequested: distinct,
    eventsDelivered: distinct,
    subjectFormat:
      body.format ?? (previous?.subjectFormat as SubjectFormat | undefined) ?? "iss_sub",
    description: body.description ?? previous?.description ?? null,
  };
};

/** The receiver's stream, else 404 NOT_FOUND (unknown, malformed or another client's id). */
export const streamOf = async (db: Db, clientId: string, id: string): Promise<SsfStreamRow> => {
  if (!UUID.test(id)) throw apiError(404, "NOT_FOUND", "stream_id");
  const [row] = await db
    .select()
    .from(ssfStreams)
    .where(and(eq(ssfStreams.id, id), eq(ssfStreams.clientId, clientId)));
  if (!row) throw apiError(404, "NOT_FOUND", "stream_id");
  return row;
};

export const streamsOf = (db: Db, clientId: string): Promise<SsfStreamRow[]> =>
  db
    .select()
    .from(ssfStreams)
    .where(eq(ssfStreams.clientId, clientId))
    .orderBy(ssfStreams.createdAt);

/**
 * Creates a stream, or 409 INVALID_REQUEST when the receiver holds its maximum: counted and
 * inserted in one statement, after taking a transaction lock per receiver, so parallel
 * creates cannot pass the count together.
 */
export const createStream = (
  db: Db,
  clientId: string,
  settings: StreamSettings,
  now: Date,
): Promise<SsfStreamRow> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ssf-streams:${clientId}`}))`);
    const [held] = await tx
      .select({ n: count() })
      .from(ssfStreams)
      .where(eq(ssfStreams.clientId, clientId));
    if ((held?.n ?? 0) >= MAX_STREAMS_PER_RECEIVER) throw apiError(409, "INVALID_REQUEST");
    const [row] = await tx
      .insert(ssfStreams)
      .values({ clientId, ...settings, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error("stream not stored");
    return row;
  });

export const updateStream = async (
  db: Db,
  stream: SsfStreamRow,
  settings: StreamSettings,
  now: Date,
): Promise<SsfStreamRow> => {
  const [row] = await db
    .update(ssfStreams)
    .set({ ...settings, updatedAt: now })
    .where(eq(ssfStreams.id, stream.id))
    .returning();
  if (!row) throw apiError(404, "NOT_FOUND", "stream_id");
  return row;
};

/** Sets the status; a disabled stream's queued events are dropped (SSF section 8.1.2). */
export const setStreamStatus = (
  db: Db,
  stream: SsfStreamRow,
  status: string,
  reason: string | null,
  now: Date,
): Promise<SsfStreamRow> =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(ssfStreams)
      .set({ status, statusReason: reason, updatedAt: now })
      .where(eq(ssfStreams.id, stream.id))
      .returning();
    if (!row) throw apiError(404, "NOT_FOUND", "stream_id");
    if (status === "disabled") await tx.delete(ssfEvents).where(eq(ssfEvents.streamId, stream.id));
    return row;
  });

export const deleteStream = async (db: Db, stream: SsfStreamRow): Promise<void> => {
  await db.delete(ssfStreams).where(eq(ssfStreams.id, stream.id));
};

/** The stream configuration as SSF 1.0 section 8.1.1 shows it. */
export const streamConfiguration = (row: SsfStreamRow, issuer: string) => ({
  stream_id: row.id,
  iss: issuer,
  aud: row.clientId,
  delivery:
    row.deliveryMethod === "push"
      ? { method: PUSH_METHOD, endpoint_url: row.endpointUrl }
      : { method: POLL_METHOD, endpoint_url: `${issuer}/ssf/poll/${row.id}` },
  events_supported: SSF_SUPPORTED_EVENTS,
  events_requested: row.eventsRequested,
  events_delivered: row.eventsDelivered,
  format: row.subjectFormat,
  ...(row.description ? { description: row.description } : {}),
});
