import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { type MembershipRow, memberships, persons } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { retireTokens } from "../persons/mail-tokens.js";
import { lockPerson } from "../persons/person-store.js";
import { memberMapping } from "./membership-check.js";

/**
 * Ties a checked membership to a person inside the caller's transaction: the person's
 * earlier membership (if any) is released, the person gets member_mapping, member_number
 * and mitgliedskennung, so the next token carries them, and open deletion links stop
 * working (a member cannot delete the account). Returns false when another person took
 * the membership meanwhile.
 *
 * The person's row is locked first, so one person's links run one after another. Without
 * the lock, two links of one person to different memberships at once (READ COMMITTED)
 * each take theirs, each release statement still sees the other's membership as free,
 * and the person ends up holding both while the row names one.
 */
export const linkMembership = async (
  tx: Tx,
  membership: MembershipRow,
  personId: string,
  now: Date,
): Promise<boolean> => {
  if (!(await lockPerson(tx, personId))) throw apiError(404, "NOT_FOUND");
  const taken = await tx
    .update(memberships)
    .set({ personId })
    .where(
      and(
        eq(memberships.mitgliedskennung, membership.mitgliedskennung),
        or(isNull(memberships.personId), eq(memberships.personId, personId)),
      ),
    )
    .returning({ mitgliedskennung: memberships.mitgliedskennung });
  if (taken.length === 0) return false;
  await tx
    .update(memberships)
    .set({ personId: null })
    .where(
      and(
        eq(memberships.personId, personId),
        ne(memberships.mitgliedskennung, membership.mitgliedskennung),
      ),
    );
  await tx
    .update(persons)
    .set({
      memberMapping: memberMapping(membership),
      memberNumber: membership.memberNumber,
      mitgliedskennung: membership.mitgliedskennung,
      updatedAt: now,
    })
    .where(eq(persons.id, personId));
  // A deletion link mailed before the membership must not delete a member's account.
  await retireTokens(tx, personId, "DELETION", now);
  return true;
};
