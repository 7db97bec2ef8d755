import { SingleLineText } from "@portal/contracts";
import * as Schema from "effect/Schema";

/**
 * What a receiver may send to the stream endpoints (SSF 1.0 section 8.1), decoded before
 * anything is read or stored; a refusal answers 400 INVALID_REQUEST naming the member.
 * Unknown members are ignored (SSF lets a transmitter ignore what it does not support);
 * `format` (`iss_sub` or `email`) picks the subjects' identifier format, as Okta's
 * transmitter does.
 */

export const PUSH_METHOD = "urn:ietf:rfc:8935";
export const POLL_METHOD = "urn:ietf:rfc:8936";

const codes = { tooLong: "INVALID_REQUEST", invalid: "INVALID_REQUEST" } as const;
/** An event type URI, a stream id, a status reason: one line, bounded. */
const Line = (max: number) => SingleLineText(max, codes);

/** At most this many event types per stream (six are supported). */
const MAX_EVENT_TYPES = 20;

const Delivery = Schema.Struct({
  method: Schema.Literals([PUSH_METHOD, POLL_METHOD]),
  endpoint_url: Schema.optionalKey(Line(2000)),
  authorization_header: Schema.optionalKey(Line(2000)),
});

const EventTypes = Schema.Array(Line(200)).check(Schema.isMaxLength(MAX_EVENT_TYPES));

export const SubjectFormat = Schema.Literals(["iss_sub", "email"]);
export type SubjectFormat = typeof SubjectFormat.Type;

/** Body of POST (create) and PUT (replace). */
export const StreamWrite = Schema.Struct({
  stream_id: Schema.optionalKey(Line(64)),
  delivery: Schema.optionalKey(Delivery),
  events_requested: Schema.optionalKey(EventTypes),
  format: Schema.optionalKey(SubjectFormat),
  description: Schema.optionalKey(Line(200)),
});
export type StreamWrite = typeof StreamWrite.Type;

/** Body of PATCH (update): the stream and the members to change. */
export const StreamUpdate = Schema.Struct({ ...StreamWrite.fields, stream_id: Line(64) });

/** The `stream_id` query of GET and DELETE, and of the status read. */
export const StreamQuery = Schema.Struct({ stream_id: Schema.optionalKey(Line(64)) });

export const StreamStatusValue = Schema.Literals(["enabled", "paused", "disabled"]);

/** Body of the status update (section 8.1.2.2). */
export const StatusUpdate = Schema.Struct({
  stream_id: Line(64),
  status: StreamStatusValue,
  reason: Schema.optionalKey(Line(200)),
});

/** Body of the verification request (section 8.1.4.2). */
export const VerificationRequest = Schema.Struct({
  stream_id: Line(64),
  state: Schema.optionalKey(Line(200)),
});

/** Body of a poll (RFC 8936 section 2.4). */
export const PollRequest = Schema.Struct({
  maxEvents: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
  returnImmediately: Schema.optionalKey(Schema.Boolean),
  ack: Schema.optionalKey(Schema.Array(Line(64)).check(Schema.isMaxLength(100))),
  setErrs: Schema.optionalKey(
    Schema.Record(
      Line(64),
      Schema.Struct({ err: Line(100), description: Schema.optionalKey(Line(500)) }),
    ).check(Schema.makeFilter((r) => Object.keys(r).length <= 100)),
  ),
});
export type PollRequest = typeof PollRequest.Type;
