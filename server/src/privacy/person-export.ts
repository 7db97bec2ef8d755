import {
  PERSON_EXPORT_FORMAT,
  type PersonExport,
  type SecurityEvent,
  type SecurityEventKind,
} from "@portal/contracts";
import { asc, desc, eq } from "drizzle-orm";
import { findCompany } from "../companies/lookup.js";
import { allRememberedDevicesOf, passkeysOf, recoveryCodeStatus } from "../credentials/index.js";
import type { Db } from "../db/client.js";
import { pendingEmailOf } from "../db/pending-email.js";
import {
  mailLog,
  mfaCredentials,
  type PersonRow,
  securityEvents,
  sessionDevices,
} from "../db/schema/index.js";
import { consentHistoryOf } from "../persons/consent-history.js";
import { toPerson } from "../persons/person-view.js";

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** Every security event still kept for the person, newest first (not paged: all of it). */
const activityOf = async (db: Db, personId: string): Promise<SecurityEvent[]> => {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.personId, personId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as SecurityEventKind,
    at: row.createdAt.toISOString(),
    ...row.details,
  }));
};

/**
 * Everything held about one person (GDPR Art. 15 and 20), read column by column into the
 * export's shape so that nothing secret can slip in with a new column: no password,
 * TOTP secret, recovery-code or token hash, no session id, no mail body or link (links
 * carry tokens). Sessions are the origins noted for the person's sign-ins; mails are the
 * mail log's entries for the current address.
 *
 * @example
 * const document = await personExport(db, person, clock.now());
 */
export const personExport = async (db: Db, person: PersonRow, now: Date): Promise<PersonExport> => {
  const company = person.crefonummer
    ? ((await findCompany(db, person.crefonummer))?.company ?? null)
    : null;
  const factors = await db
    .select({ type: mfaCredentials.type, createdAt: mfaCredentials.createdAt })
    .from(mfaCredentials)
    .where(eq(mfaCredentials.personId, person.id))
    .orderBy(asc(mfaCredentials.createdAt));
  const codes = await recoveryCodeStatus(db, person.id);
  const sessions = await db
    .select()
    .from(sessionDevices)
    .where(eq(sessionDevices.personId, person.id))
    .orderBy(desc(sessionDevices.lastSeenAt));
  const mails = await db
    .select()
    .from(mailLog)
    .where(eq(mailLog.to, person.email))
    .orderBy(desc(mailLog.sentAt));
  return {
    format: PERSON_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    person: toPerson(person, company, await pendingEmailOf(db, person.id, now)),
    account: {
      createdAt: person.createdAt.toISOString(),
      emailConfirmed: person.emailConfirmedAt !== null,
      memberNumber: person.memberNumber ?? null,
      passkeyUpgrade: person.passkeyUpgrade,
    },
    consentHistory: await consentHistoryOf(db, person.id),
    secondFactors: factors.map((f) => ({ type: f.type, createdAt: iso(f.createdAt) })),
    passkeys: (await passkeysOf(db, person.id)).map((p) => ({
      id: p.id,
      name: p.name,
      passwordless: p.passwordless,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: iso(p.lastUsedAt),
    })),
    recoveryCodes: { remaining: codes.remaining, createdAt: iso(codes.createdAt) },
    sessions: sessions.map((s) => ({
      browser: s.browser,
      os: s.os,
      address: s.address,
      startedAt: s.firstSeenAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
    })),
    // Never the cookie's value or its hash: what the security page shows of each.
    rememberedDevices: (await allRememberedDevicesOf(db, person.id)).map((d) => ({
      id: d.id,
      browser: d.browser,
      os: d.os,
      createdAt: d.createdAt.toISOString(),
      lastUsedAt: d.lastUsedAt.toISOString(),
      expiresAt: d.expiresAt.toISOString(),
    })),
    activity: await activityOf(db, person.id),
    mails: mails.map((m) => ({
      kind: m.template,
      subject: m.subject,
      sentAt: m.sentAt.toISOString(),
    })),
  };
};
