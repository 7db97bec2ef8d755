import * as Schema from "effect/Schema";

/**
 * The support staff's view of the Shared Signals transmitter (server/src/ssf, docs/ssf.md):
 * the streams receivers created and the events waiting for delivery. Never a subject (an
 * address or person id) and never a receiver's authorization header.
 *
 * @example
 * const s: SsfStreamSummary = { id: "5f0c…", receiver: "portal-support", delivery: "push", endpoint: "https://app.example.org/ssf", status: "enabled", format: "iss_sub", events: ["https://schemas.openid.net/secevent/caep/event-type/session-revoked"], delivered: 12, givenUp: 0, queued: 1, createdAt: "2026-11-29T09:00:00.000Z" };
 */
export const SsfStreamSummary = Schema.Struct({
  id: Schema.String,
  /** The receiver's client id (the SETs' `aud`). */
  receiver: Schema.String,
  delivery: Schema.Literals(["push", "poll"]),
  /** The push endpoint; null for a poll stream. */
  endpoint: Schema.NullOr(Schema.String),
  status: Schema.String,
  format: Schema.String,
  events: Schema.Array(Schema.String),
  delivered: Schema.Number,
  givenUp: Schema.Number,
  queued: Schema.Number,
  createdAt: Schema.String,
});
export type SsfStreamSummary = typeof SsfStreamSummary.Type;

export const SsfStreamList = Schema.Struct({ streams: Schema.Array(SsfStreamSummary) });
export type SsfStreamList = typeof SsfStreamList.Type;

/** One queued event: which stream, what, how often tried, when next. */
export const SsfQueuedEvent = Schema.Struct({
  id: Schema.String,
  streamId: Schema.String,
  eventType: Schema.String,
  attempts: Schema.Number,
  /** When the next attempt may be made (push); a poll stream's events wait for its poll. */
  nextAttemptAt: Schema.String,
  createdAt: Schema.String,
  lastError: Schema.NullOr(Schema.String),
});
export type SsfQueuedEvent = typeof SsfQueuedEvent.Type;

/** The oldest queued events (at most {@link SSF_QUEUE_PAGE}) and how many there are in all. */
export const SsfQueue = Schema.Struct({
  total: Schema.Number,
  events: Schema.Array(SsfQueuedEvent),
});
export type SsfQueue = typeof SsfQueue.Type;

/** Events the queue view lists at most. */
export const SSF_QUEUE_PAGE = 50;

/** The answer of a verification asked for by support: the stream it was queued for. */
export const SsfVerificationQueued = Schema.Struct({ streamId: Schema.String });
export type SsfVerificationQueued = typeof SsfVerificationQueued.Type;
