/**
 * What a sign-in leaves in the activity list: the sign-in (or the failed attempt) with
 * browser, system and shortened address, and, the first time a person signs in from a
 * browser-and-system pair, a "new device" event and an alert mail. The first ever pair is
 * not "new" (nothing to compare it with: the person has just registered, or signs in for
 * the first time since activity was recorded).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { knownDevices } from "../db/schema/index.js";
import type { Mailer } from "../mail/mailer.js";
import { type AlertRecipient, sendSecurityAlert } from "./security-alerts.js";
import { recordSecurityEvent, securityEventInsert } from "./security-events.js";
import { shortenAddress } from "./short-address.js";
import { deviceHash, parseUserAgent } from "./user-agent.js";

/** What recording a sign-in needs. */
export interface SignInRecorderDeps {
  readonly db: Db;
  readonly mailer: Mailer;
  readonly publicUrl: string;
  readonly log: FastifyBaseLogger;
}

/** The request a sign-in came with. */
export interface SignInOrigin {
  readonly userAgent: string | undefined;
  readonly ip: string;
}

export const whereFrom = (origin: SignInOrigin) => {
  const device = parseUserAgent(origin.userAgent);
  return {
    device,
    details: { browser: device.browser, os: device.os, address: shortenAddress(origin.ip) },
  };
};

/**
 * Records a successful sign-in (`how.factor`: what stood in for the second factor, e.g. a
 * remembered device); on a new device also the "new device" event and its
 * alert. Claiming the pair is one insert that only one of any number of parallel
 * sign-ins wins, so one new device gives one event and one mail.
 */
export const recordSignIn = async (
  deps: SignInRecorderDeps,
  person: AlertRecipient & { readonly id: string },
  origin: SignInOrigin,
  how: { readonly factor?: string } = {},
): Promise<void> => {
  const { device, details } = whereFrom(origin);
  const hash = deviceHash(device);
  const event = securityEventInsert(deps.db, person.id, "sign-in", { ...details, ...how });
  const claim = deps.db
    .insert(knownDevices)
    .values({ personId: person.id, deviceHash: hash })
    .onConflictDoNothing()
    .returning({ hash: knownDevices.deviceHash });
  // One statement (issue 48; it was three): the event, the claim of the pair, and whether
  // the person had another pair before (the statement's snapshot holds no row of its own
  // inserts, and the new one has this pair's hash anyway).
  const result = (await deps.db.execute(sql`
    with event as (${event.getSQL()}), claimed as (${claim.getSQL()})
    select exists (select 1 from claimed) as claimed,
      exists (select 1 from ${knownDevices} where ${and(eq(knownDevices.personId, person.id), ne(knownDevices.deviceHash, hash))}) as seen_before
  `)) as unknown as { rows: Array<{ claimed: boolean; seen_before: boolean }> };
  const [row] = result.rows;
  if (!row?.claimed || !row.seen_before) return;
  await recordSecurityEvent(deps.db, person.id, "new-device", details);
  await sendSecurityAlert(deps, person, {
    kind: "new-device",
    ...details,
  }).catch((error: unknown) => deps.log.error({ err: error }, "new-device alert failed"));
};

/** Records a failed sign-in attempt on an existing account (`step`: password or second factor). */
export const recordSignInFailure = async (
  db: Db,
  personId: string,
  origin: SignInOrigin,
): Promise<void> => {
  await recordSecurityEvent(db, personId, "sign-in-failed", whereFrom(origin).details);
};
