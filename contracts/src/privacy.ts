import * as Schema from "effect/Schema";
import { SecurityEvent } from "./activity.js";
import { CONSENT_KINDS } from "./consent-versions.js";
import { MfaType } from "./credential.js";
import { Passkey } from "./passkey.js";
import { ConsentValue, Person } from "./person.js";
import { RememberedDevice } from "./remembered-device.js";

// Privacy self-service (GDPR Art. 7(1), 15, 20): the consent history kept as proof, the
// export of everything held about a person, and the retention purge's report.

export const ConsentKind = Schema.Literals(CONSENT_KINDS);
export type ConsentKind = typeof ConsentKind.Type;

/** Where a consent was given or changed. */
export const CONSENT_SOURCES = ["registration", "profile", "support"] as const;
export const ConsentSource = Schema.Literals(CONSENT_SOURCES);
export type ConsentSource = typeof ConsentSource.Type;

/**
 * One recorded change of a consent: which one, its new value, when (ISO 8601), from where,
 * in which language the text was shown, and the version of that text.
 *
 * @example
 * const c: ConsentChange = { consent: "marketing", value: "GIVEN", at: "2026-11-24T20:00:00.000Z", source: "profile", language: "de", textVersion: "2026-01" };
 */
export const ConsentChange = Schema.Struct({
  consent: ConsentKind,
  value: ConsentValue,
  at: Schema.String,
  source: ConsentSource,
  language: Schema.String,
  textVersion: Schema.String,
});
export type ConsentChange = typeof ConsentChange.Type;

/** `GET /persons/me/consent-history`: every change of both consents, newest first. */
export const ConsentHistory = Schema.Struct({ changes: Schema.Array(ConsentChange) });
export type ConsentHistory = typeof ConsentHistory.Type;

/** A configured second factor in the export: its kind and when it was set up. */
export const ExportedSecondFactor = Schema.Struct({
  type: MfaType,
  createdAt: Schema.NullOr(Schema.String),
});
export type ExportedSecondFactor = typeof ExportedSecondFactor.Type;

/** A signed-in session in the export (browser, system, shortened address, first and last seen). */
export const ExportedSession = Schema.Struct({
  browser: Schema.NullOr(Schema.String),
  os: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  startedAt: Schema.String,
  lastSeenAt: Schema.String,
});
export type ExportedSession = typeof ExportedSession.Type;

/** A mail sent to the person: its kind (template), subject and when (never its links). */
export const ExportedMail = Schema.Struct({
  kind: Schema.String,
  subject: Schema.String,
  sentAt: Schema.String,
});
export type ExportedMail = typeof ExportedMail.Type;

/** Format tag of the export document; a breaking change of its shape raises the number. */
export const PERSON_EXPORT_FORMAT = "portal-person-export/1";

/**
 * Everything held about one person (`GET /persons/me/export`, `portal person export`),
 * never a secret or a hash: the person as the API shows it, the account's dates, both
 * consents with their history, the membership link, second factors, passkeys, recovery
 * codes left, sessions, remembered devices, security activity and the mails sent.
 */
export const PersonExport = Schema.Struct({
  format: Schema.Literal(PERSON_EXPORT_FORMAT),
  exportedAt: Schema.String,
  person: Person,
  account: Schema.Struct({
    createdAt: Schema.String,
    emailConfirmed: Schema.Boolean,
    memberNumber: Schema.NullOr(Schema.String),
    /** Whether a passkey is offered after a password sign-in (the security page's setting). */
    passkeyUpgrade: Schema.Boolean,
  }),
  consentHistory: Schema.Array(ConsentChange),
  secondFactors: Schema.Array(ExportedSecondFactor),
  passkeys: Schema.Array(Passkey),
  recoveryCodes: Schema.Struct({
    remaining: Schema.Number,
    createdAt: Schema.NullOr(Schema.String),
  }),
  sessions: Schema.Array(ExportedSession),
  rememberedDevices: Schema.Array(RememberedDevice),
  activity: Schema.Array(SecurityEvent),
  mails: Schema.Array(ExportedMail),
});
export type PersonExport = typeof PersonExport.Type;

/** Kinds of data the retention purge deletes once their period has passed. */
export const RETENTION_KINDS = [
  "analytics-events",
  "activity",
  "mail-tokens",
  "login-failures",
  "outbox",
  "unconfirmed-registrations",
  "mail-log",
] as const;
export const RetentionKind = Schema.Literals(RETENTION_KINDS);
export type RetentionKind = typeof RetentionKind.Type;

/**
 * What a purge reports on: the retention kinds, and the accounts closed by a confirmed
 * deletion whose grace period (DELETION_GRACE_DAYS) has ended.
 */
export const PURGE_KINDS = [...RETENTION_KINDS, "closed-accounts"] as const;
export const PurgeKind = Schema.Literals(PURGE_KINDS);
export type PurgeKind = typeof PurgeKind.Type;

/** `POST /support/maintenance/purge` body: `dryRun` counts what is due and deletes nothing. */
export const PurgeRequest = Schema.Struct({ dryRun: Schema.Boolean });
export type PurgeRequest = typeof PurgeRequest.Type;

/**
 * What a purge removed (or, dry, would remove): per kind, the period, the cut-off time and
 * the count. `ran` is false when another process held the purge lock.
 *
 * @example
 * const r: PurgeReport = { dryRun: true, ran: true, at: "2026-11-24T03:00:00.000Z", kinds: [{ kind: "outbox", retentionHours: 720, before: "2026-10-25T03:00:00.000Z", count: 12 }] };
 */
export const PurgeReport = Schema.Struct({
  dryRun: Schema.Boolean,
  ran: Schema.Boolean,
  at: Schema.String,
  kinds: Schema.Array(
    Schema.Struct({
      kind: PurgeKind,
      retentionHours: Schema.Number,
      before: Schema.String,
      count: Schema.Number,
    }),
  ),
});
export type PurgeReport = typeof PurgeReport.Type;
