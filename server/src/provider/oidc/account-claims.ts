import { isUuid, normaliseEmail, SUPPORT_ROLE } from "@portal/core";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { isOpenAccount } from "../../db/open-accounts.js";
import { readOnce, rememberRead } from "../../db/request-cache.js";
import { type PersonRow, persons } from "../../db/schema/persons.js";

// Support staff's realm role is core's, re-exported for the provider's modules.
export { SUPPORT_ROLE };
/** Keycloak's composite default role, present in every user's realm_access. */
export const DEFAULT_REALM_ROLE = "default-roles-portal";

/** The person fields the provider reads; one query per sign-in or token. */
export type AccountRow = Pick<
  PersonRow,
  | "id"
  | "email"
  | "emailConfirmedAt"
  | "passwordHash"
  | "givenName"
  | "surName"
  | "preferredLanguage"
  | "roles"
  | "memberMapping"
  | "memberNumber"
  | "securedAt"
  | "passkeyUpgrade"
>;

export const ACCOUNT_COLUMNS = {
  id: persons.id,
  email: persons.email,
  emailConfirmedAt: persons.emailConfirmedAt,
  passwordHash: persons.passwordHash,
  givenName: persons.givenName,
  surName: persons.surName,
  preferredLanguage: persons.preferredLanguage,
  roles: persons.roles,
  memberMapping: persons.memberMapping,
  memberNumber: persons.memberNumber,
  securedAt: persons.securedAt,
  passkeyUpgrade: persons.passkeyUpgrade,
};

/**
 * The person with this id, or undefined (also for ids that are no uuid, and for an account
 * closed by a confirmed deletion: its sessions, tokens and sign-ins end like an unknown one's).
 */
export const findAccountRow = async (db: Db, id: string): Promise<AccountRow | undefined> => {
  if (!isUuid(id)) return undefined;
  // Read once per request to the provider (the token endpoint asks for its claims twice).
  return readOnce(`person:${id}`, async () => {
    const rows = await db
      .select(ACCOUNT_COLUMNS)
      .from(persons)
      .where(and(eq(persons.id, id), isOpenAccount))
      .limit(1);
    return rows[0];
  });
};

/** Keeps `row` as this request's read of its person (see {@link findAccountRow}). */
export const rememberAccountRow = (row: AccountRow): void => rememberRead(`person:${row.id}`, row);

/** The open account with this e-mail address (compared lower-case), or undefined. */
export const findAccountByEmail = async (
  db: Db,
  email: string,
): Promise<AccountRow | undefined> => {
  const rows = await db
    .select(ACCOUNT_COLUMNS)
    .from(persons)
    .where(and(eq(persons.email, normaliseEmail(email)), isOpenAccount))
    .limit(1);
  return rows[0];
};

/**
 * The portal's claims of a person, named as Keycloak's protocol mappers name them
 * (spec section 3, "Login token claims used"): cr_id is the person id, cr_mapping and
 * cr_membernumber come from the registered membership, cr_userrole lists the roles
 * (including representation authorisations).
 *
 * @example
 * portalClaims(row).cr_id; // row.id
 */
export const portalClaims = (row: AccountRow) => ({
  cr_id: row.id,
  cr_mapping: row.memberMapping ?? null,
  cr_membernumber: row.memberNumber ?? null,
  cr_userrole: [...row.roles],
});

/** realm_access.roles of a person: the default role plus staff's support role. */
export const realmRoles = (row: AccountRow): string[] =>
  row.roles.includes(SUPPORT_ROLE) ? [DEFAULT_REALM_ROLE, SUPPORT_ROLE] : [DEFAULT_REALM_ROLE];

/** Standard OpenID claims of a person (ID token and userinfo, filtered by scope). */
export const standardClaims = (row: AccountRow) => ({
  sub: row.id,
  email: row.email,
  email_verified: row.emailConfirmedAt !== null,
  preferred_username: row.email,
  given_name: row.givenName,
  family_name: row.surName,
  name: `${row.givenName} ${row.surName}`.trim(),
  ...(row.preferredLanguage ? { locale: row.preferredLanguage } : {}),
});
