import { isUuid } from "@portal/core";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { isOpenAccount } from "../../db/open-accounts.js";
import { persons } from "../../db/schema/persons.js";

// The person's own switch for issue 49's automatic passkey upgrade (security page). The
// write leaves `updatedAt` alone: it is the profile's version (its ETag, Keycloak's user
// sync), and this setting is neither.

/** Whether the upgrade is offered to this open account; undefined for none. */
export const passkeyUpgradeWanted = async (
  db: Db,
  personId: string,
): Promise<boolean | undefined> => {
  if (!isUuid(personId)) return undefined;
  const rows = await db
    .select({ enabled: persons.passkeyUpgrade })
    .from(persons)
    .where(and(eq(persons.id, personId), isOpenAccount))
    .limit(1);
  return rows[0]?.enabled;
};

/**
 * Stores the setting in one statement (the last of parallel writes wins, and each answer is
 * the row's state after its own write); undefined when the account is gone or closed.
 */
export const setPasskeyUpgrade = async (
  db: Db,
  personId: string,
  enabled: boolean,
): Promise<boolean | undefined> => {
  if (!isUuid(personId)) return undefined;
  const rows = await db
    .update(persons)
    .set({ passkeyUpgrade: enabled })
    .where(and(eq(persons.id, personId), isOpenAccount))
    .returning({ enabled: persons.passkeyUpgrade });
  return rows[0]?.enabled;
};
