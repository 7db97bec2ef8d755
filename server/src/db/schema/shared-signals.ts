import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The Shared Signals streams receivers created (SSF 1.0, server/src/ssf, docs/ssf.md): one
 * row per stream, owned by the receiver's client id. A push stream's endpoint is on
 * SSF_RECEIVER_ORIGINS; a poll stream's is the portal's own poll URL.
 */
export const ssfStreams = pgTable(
  "ssf_streams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The receiver: the client id (azp) of the token that created the stream; the SETs' aud. */
    clientId: text("client_id").notNull(),
    /** `push` (RFC 8935) or `poll` (RFC 8936). */
    deliveryMethod: text("delivery_method").notNull(),
    /** Push only: where the SETs are posted. */
    endpointUrl: text("endpoint_url"),
    /** Push only: the Authorization header the receiver asked the SETs to carry. */
    authorizationHeader: text("authorization_header"),
    /** Event type URIs the receiver asked for and those delivered (the supported ones of them). */
    eventsRequested: jsonb("events_requested").$type<string[]>().notNull(),
    eventsDelivered: jsonb("events_delivered").$type<string[]>().notNull(),
    /** Subject identifier format of the SETs: `iss_sub` or `email`. */
    subjectFormat: text("subject_format").notNull(),
    description: text("description"),
    /** `enabled`, `paused` (events are kept) or `disabled` (none are queued). */
    status: text("status").notNull().default("enabled"),
    statusReason: text("status_reason"),
    /** SETs delivered (pushed and accepted, or acknowledged by a poll). */
    delivered: integer("delivered").notNull().default(0),
    /** SETs given up: not delivered within the give-up time (ssf/delivery.ts). */
    givenUp: integer("given_up").notNull().default(0),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [index("ssf_streams_client_idx").on(t.clientId)],
);

/**
 * The transmitter's outbox: one row per event and stream, written in the transaction of the
 * change it reports (db/shared-signal-outbox.ts), so none is lost or invented; signed and
 * sent (push) or handed out (poll) later, then deleted. It holds the subject as the stream
 * asked for it (an address for `email` streams): the erasure must still be told after the
 * person is gone, so no foreign key to persons.
 */
export const ssfEvents = pgTable(
  "ssf_events",
  {
    /** Also the SET's `jti`. */
    id: uuid("id").primaryKey().defaultRandom(),
    streamId: uuid("stream_id")
      .notNull()
      .references(() => ssfStreams.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    /** The SET's `sub_id` (RFC 9493). */
    subject: jsonb("subject").$type<Record<string, string>>().notNull(),
    /** The event's own members (`change_type`, `new-value`, `state`, ...). */
    payload: jsonb("payload").$type<Record<string, string>>().notNull().default({}),
    /** One id per queued event, the same on every stream that gets it (the SET's `txn`). */
    txn: uuid("txn").notNull(),
    /** When the change happened (the SET's `toe`). */
    occurredAt: instant("occurred_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    /** The lease of the process sending it, else the back-off after a failure; due at once when new. */
    runAfter: instant("run_after").notNull().default(new Date(0)),
    lastError: text("last_error"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("ssf_events_due_idx").on(t.runAfter),
    index("ssf_events_stream_idx").on(t.streamId, t.createdAt),
  ],
);

export type SsfStreamRow = typeof ssfStreams.$inferSelect;
export type SsfEventRow = typeof ssfEvents.$inferSelect;
