import type { Company } from "@portal/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies } from "../db/schema/companies.js";

/** A register entry as the person API shows it: name plus the contracts' Company. */
export interface RegisteredCompany {
  readonly name: string;
  readonly company: Company;
}

/**
 * The register entry of a crefonummer, or null when the register does not know it.
 *
 * @example
 * (await findCompany(db, "1001234567"))?.company.representatives; // ["Franz Maurer"]
 */
export const findCompany = async (
  db: Db,
  crefonummer: string,
): Promise<RegisteredCompany | null> => {
  const [row] = await db
    .select({
      crefonummer: companies.crefonummer,
      name: companies.name,
      representatives: companies.representatives,
    })
    .from(companies)
    .where(eq(companies.crefonummer, crefonummer))
    .limit(1);
  if (!row) return null;
  return {
    name: row.name,
    company: {
      crefonummer: row.crefonummer,
      name: row.name,
      representatives: row.representatives,
    },
  };
};

/**
 * The registered name of a company, or null for an unknown crefonummer: the API uses it
 * when a person's unverifiedCrefonummer changes and at registration.
 */
export const lookupCompanyName = async (db: Db, crefonummer: string): Promise<string | null> =>
  (await findCompany(db, crefonummer))?.name ?? null;
