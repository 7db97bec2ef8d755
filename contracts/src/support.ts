import * as Schema from "effect/Schema";
import { MfaType } from "./credential.js";
import { SingleLineText } from "./text-fields.js";
import { MAX_LENGTHS } from "./text-limits.js";

/**
 * Support view of an account: never a secret (spec issue "Support CLI").
 *
 * @example
 * const v: SupportPersonView = { id: "p1", email: "e@x.de", emailConfirmed: true, memberMapping: null, memberNumber: null, mfaTypes: [], companyName: null, crefonummer: null, unverifiedCrefonummer: null, createdAt: "2026-01-01T00:00:00.000Z", closedAt: null, eraseAt: null, securedAt: null, suspendedFactors: 0 };
 */
export const SupportPersonView = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  emailConfirmed: Schema.Boolean,
  memberMapping: Schema.NullOr(Schema.String),
  memberNumber: Schema.NullOr(Schema.String),
  mfaTypes: Schema.Array(MfaType),
  companyName: Schema.NullOr(Schema.String),
  crefonummer: Schema.NullOr(Schema.String),
  unverifiedCrefonummer: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  // A confirmed deletion's account in its grace period: closed since, erased at (both null
  // while the account is open).
  closedAt: Schema.NullOr(Schema.String),
  eraseAt: Schema.NullOr(Schema.String),
  /**
   * When the person secured the account ("This wasn't me"), ISO 8601; null when not
   * secured. Until a password reset by mail the current password signs nobody in.
   */
  securedAt: Schema.NullOr(Schema.String),
  /**
   * Second factors and passkeys securing suspended and the person has not kept or removed
   * yet; while some are and none is in use, the sign-in asks for a mailed code.
   */
  suspendedFactors: Schema.Number,
});
export type SupportPersonView = typeof SupportPersonView.Type;

/** Body of the support call that issues membership credentials. */
export const IssueMembershipRequest = Schema.Struct({
  memberNumber: SingleLineText(MAX_LENGTHS.memberNumber, {
    tooLong: "INVALID_REQUEST",
    invalid: "INVALID_REQUEST",
  }),
});
export type IssueMembershipRequest = typeof IssueMembershipRequest.Type;

/** Query of the support view of an account (`GET /support/persons?email=`). */
export const SupportEmailQuery = Schema.Struct({
  email: SingleLineText(MAX_LENGTHS.email, {
    tooLong: "EMAIL_NOT_VALID",
    invalid: "EMAIL_NOT_VALID",
  }),
});
export type SupportEmailQuery = typeof SupportEmailQuery.Type;

/** The credentials, shown once: only their hashes are stored. */
export const IssuedMembership = Schema.Struct({
  memberNumber: Schema.String,
  mitgliedskennung: Schema.String,
  personalPassword: Schema.String,
  generalPassword: Schema.String,
});
export type IssuedMembership = typeof IssuedMembership.Type;

/** One mail of the embedded outbox (`GET /outbox/api/messages`). */
// Pure (as HealthReport): only the CLI reads these; the web bundle leaves them out.
export const OutboxMessage = /* @__PURE__ */ Schema.Struct({
  id: Schema.String,
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  /** The HTML part; null for mails stored before the outbox kept it. */
  html: Schema.NullOr(Schema.String),
  links: Schema.Array(Schema.String),
  createdAt: Schema.String,
});
export type OutboxMessage = typeof OutboxMessage.Type;

export const OutboxMessages = /* @__PURE__ */ Schema.Array(OutboxMessage);
export type OutboxMessages = typeof OutboxMessages.Type;

/** Answer of `/readyz` and the CLI's `health` command. */
export const HealthReport = /* @__PURE__ */ Schema.Struct({
  status: Schema.Literals(["ok", "unavailable"]),
  database: Schema.Literals(["pglite", "postgres"]),
  migrations: Schema.Boolean,
  issuer: Schema.String,
});
export type HealthReport = typeof HealthReport.Type;
