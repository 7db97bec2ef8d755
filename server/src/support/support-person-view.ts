import type { SupportPersonView } from "@portal/contracts";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { mfaCredentials, type PersonRow } from "../db/schema/index.js";

/**
 * What support may see of an account: confirmation state, member mapping, second-factor
 * TYPES, company and whether the account is secured ("This wasn't me"). Never a password hash, token, TOTP secret or personal detail.
 */
export const supportPersonView = async (
  db: Executor,
  person: PersonRow,
): Promise<SupportPersonView> => {
  const factors = await db
    .select({ type: mfaCredentials.type })
    .from(mfaCredentials)
    .where(eq(mfaCredentials.personId, person.id))
    .orderBy(asc(mfaCredentials.createdAt));
  return {
    id: person.id,
    email: person.email,
    emailConfirmed: person.emailConfirmedAt !== null,
    memberMapping: person.memberMapping ?? null,
    memberNumber: person.memberNumber ?? null,
    mfaTypes: [...new Set(factors.map((f) => f.type))],
    companyName: person.companyName ?? null,
    crefonummer: person.crefonummer ?? null,
    unverifiedCrefonummer: person.unverifiedCrefonummer ?? null,
    createdAt: person.createdAt.toISOString(),
    closedAt: person.closedAt?.toISOString() ?? null,
    eraseAt: person.eraseAt?.toISOString() ?? null,
    securedAt: person.securedAt?.toISOString() ?? null,
  };
};
