import * as Schema from "effect/Schema";
import { SingleLineText } from "./text-fields.js";

/**
 * Kinds of security event a person sees in their own activity list
 * (`GET /persons/me/activity`), kept 90 days.
 *
 * @example
 * const k: SecurityEventKind = "password-changed";
 */
export const SECURITY_EVENT_KINDS = [
  "sign-in",
  "sign-in-failed",
  "new-device",
  "password-changed",
  "email-change-requested",
  "email-changed",
  "email-change-cancelled",
  "email-change-reverted",
  "deletion-requested",
  // A confirmed deletion closed the account for its grace period; its restore link reopened it.
  "account-closed",
  "account-restored",
  "second-factor-added",
  "second-factor-removed",
  "passkey-added",
  "passkey-removed",
  "recovery-code-used",
  "recovery-codes-regenerated",
  "account-secured",
  // A factor or passkey that securing suspended, kept by the person (suspended-factors.ts).
  "factor-kept",
  // Keycloak mode: securing removed a factor of Keycloak's (Keycloak cannot suspend one).
  "factor-removed-when-secured",
  "data-exported",
  "data-exported-by-support",
] as const;
export const SecurityEventKind = Schema.Literals(SECURITY_EVENT_KINDS);
export type SecurityEventKind = typeof SecurityEventKind.Type;

/** Events one page of the activity list holds at most. */
export const ACTIVITY_PAGE_SIZE = 20;

/**
 * One event: when (ISO 8601), what, and where from (browser, system, shortened address)
 * or which factor, when known.
 *
 * @example
 * const e: SecurityEvent = { id: "5f0c…", kind: "sign-in", at: "2026-11-24T20:00:00.000Z", browser: "Firefox", os: "Linux", address: "192.168.1.x" };
 */
export const SecurityEvent = Schema.Struct({
  id: Schema.String,
  kind: SecurityEventKind,
  at: Schema.String,
  browser: Schema.optionalKey(Schema.String),
  os: Schema.optionalKey(Schema.String),
  address: Schema.optionalKey(Schema.String),
  factor: Schema.optionalKey(Schema.String),
  /** The factor's own name, when it had one (a passkey's label). */
  label: Schema.optionalKey(Schema.String),
  /** When the factor concerned was set up (ISO 8601), when known. */
  factorCreatedAt: Schema.optionalKey(Schema.String),
});
export type SecurityEvent = typeof SecurityEvent.Type;

/** A page of the activity list, newest first; `next` is the cursor of the next page, if any. */
export const SecurityEventPage = Schema.Struct({
  events: Schema.Array(SecurityEvent),
  next: Schema.optionalKey(Schema.String),
});
export type SecurityEventPage = typeof SecurityEventPage.Type;

/** Query of the activity list: `before`, the cursor a previous page returned as `next`. */
export const ActivityQuery = Schema.Struct({
  before: Schema.optionalKey(
    SingleLineText(64, { tooLong: "INVALID_REQUEST", invalid: "INVALID_REQUEST" }),
  ),
});
export type ActivityQuery = typeof ActivityQuery.Type;
