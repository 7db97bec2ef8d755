import type { CtoZugangsdaten, ErrorCode } from "@portal/contracts";
import { err, ok, type Result } from "@portal/core";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { type MembershipRow, memberships } from "../db/schema/index.js";
import { verifyPassword } from "../security/password-hash.js";

/** One of the seven member-credential codes of spec section 8. */
export type MembershipFailure = Extract<
  ErrorCode,
  | "MITGLIEDSKENNUNG_ALREADY_REGISTERED"
  | "CTO_ZUGANGSDATEN_INVALID"
  | "MITGLIEDSKENNUNG_LOCKED"
  | "MITGLIEDSKENNUNG_NOT_ENABLED_FOR_PLATFORM"
  | "MITGLIEDSNUMMER_UNKNOWN"
  | "MITGLIEDSNUMMER_NO_LONGER_VALID"
  | "MITGLIEDSNUMMER_NOT_YET_VALID"
>;

/**
 * Checks membership credentials against the memberships table. The state of a membership
 * (locked, platform, validity, taken) is only told to someone who knows both passwords;
 * wrong passwords always give CTO_ZUGANGSDATEN_INVALID.
 *
 * @param personId the person who would own it (undefined at registration)
 */
export const checkMembership = async (
  db: Executor,
  cto: CtoZugangsdaten,
  now: Date,
  personId?: string,
): Promise<Result<MembershipRow, MembershipFailure>> => {
  const [row] = await db
    .select()
    .from(memberships)
    .where(eq(memberships.mitgliedskennung, cto.mitgliedskennung.trim()));
  if (!row) return err("MITGLIEDSNUMMER_UNKNOWN");
  // Both hashes are always verified, so the answer time does not tell which one was wrong.
  const [personal, general] = await Promise.all([
    verifyPassword(row.personalPasswordHash, cto.personalPassword),
    verifyPassword(row.generalPasswordHash, cto.generalPassword),
  ]);
  if (!personal || !general) return err("CTO_ZUGANGSDATEN_INVALID");
  if (row.locked) return err("MITGLIEDSKENNUNG_LOCKED");
  if (!row.platformEnabled) return err("MITGLIEDSKENNUNG_NOT_ENABLED_FOR_PLATFORM");
  if (row.validFrom && row.validFrom > now) return err("MITGLIEDSNUMMER_NOT_YET_VALID");
  if (row.validTo && row.validTo <= now) return err("MITGLIEDSNUMMER_NO_LONGER_VALID");
  if (row.personId && row.personId !== personId) return err("MITGLIEDSKENNUNG_ALREADY_REGISTERED");
  return ok(row);
};

/** The status a member-credential failure answers with: taken 409, everything else 400. */
export const membershipFailureStatus = (code: MembershipFailure): 400 | 409 =>
  code === "MITGLIEDSKENNUNG_ALREADY_REGISTERED" ? 409 : 400;

/** The value of the token claim cr_mapping for a membership (member number and ID). */
export const memberMapping = (
  row: Pick<MembershipRow, "memberNumber" | "mitgliedskennung">,
): string => `${row.memberNumber}:${row.mitgliedskennung}`;
