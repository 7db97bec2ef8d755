import type { SupportPersonView } from "@portal/contracts";
import { and, asc, eq, isNull } from "drizzle-orm";
import { suspendedFactorsOf } from "../credentials/index.js";
import type { Executor } from "../db/client.js";
import { mfaCredentials, type PersonRow } from "../db/schema/index.js";

/**
 * What support may see of an account: confirmation state, member mapping, second-factor
 * TYPES in use, company, whether the account is secured ("This wasn't me") and how many
 * factors that suspended wait for the person. Never a password hash, token, TOTP secret or personal detail.
 */
export const supportPersonView = async (
  db: Executor,
  person: PersonRow,
): Promise<SupportPersonView> => {
  const factors = await db
    .select({ type: mfaCredentials.type })
    .from(mfaCredentials)
    .where(and(eq(mfaCredentials.personId, person.id), isNull(mfaCredentials.suspendedAt)))
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
    suspendedFactors: (await suspendedFactorsOf(db, person.id)).length,
  };
};
