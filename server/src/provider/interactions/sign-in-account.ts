import { normaliseEmail } from "@portal/core";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { type Attempt, attemptOf, reservationClause, subjectOf } from "../../credentials/index.js";
import type { Db } from "../../db/client.js";
import { isOpenAccount } from "../../db/open-accounts.js";
import { preparedPerDatabase } from "../../db/prepared-per-database.js";
import { flushHeldWrites } from "../../db/request-cache.js";
import { mfaCredentials } from "../../db/schema/mfa-credentials.js";
import { passkeys } from "../../db/schema/passkeys.js";
import { persons } from "../../db/schema/persons.js";
import { ACCOUNT_COLUMNS, type AccountRow, rememberAccountRow } from "../oidc/account-claims.js";

/**
 * What the password step needs of the person signing in (the same rules as factors.ts's
 * codeFactorOf and hasSecondFactorPasskey): whether a second factor follows the password,
 * and whether it is a mailed code.
 */
export interface SignInAccount extends AccountRow {
  /** A second factor follows: an app, an e-mail code, a passkey, or a suspended factor's stand-in. */
  readonly needsSecondFactor: boolean;
  /** The code to ask for is mailed (the e-mail factor, or the stand-in for suspended factors). */
  readonly mailedCode: boolean;
}

const exists = (
  table: typeof mfaCredentials | typeof passkeys,
  ...conditions: ReturnType<typeof eq>[]
) =>
  sql<boolean>`exists (select 1 from ${table} where ${and(eq(table.personId, persons.id), ...conditions)})`;

/**
 * The reservation with the account and its factors, built once per database (issue 48:
 * drizzle's building of this statement of some 40 columns cost more than its running); on
 * PostgreSQL node-postgres also parses it once per connection, by its name.
 */
const signInAccountQuery = preparedPerDatabase((db: Db) => {
  const reservation = reservationClause(db, sql.placeholder("subject"));
  return (
    db
      .with(reservation.attempt)
      .select({
        failures: reservation.failures,
        lockedSeconds: reservation.lockedSeconds,
        ...ACCOUNT_COLUMNS,
        app: exists(
          mfaCredentials,
          isNull(mfaCredentials.suspendedAt),
          eq(mfaCredentials.type, "AUTHENTICATOR_APP"),
        ),
        mail: exists(
          mfaCredentials,
          isNull(mfaCredentials.suspendedAt),
          eq(mfaCredentials.type, "EMAIL"),
        ),
        passkey: exists(passkeys, isNull(passkeys.suspendedAt)),
        suspendedCode: exists(mfaCredentials, isNotNull(mfaCredentials.suspendedAt)),
        suspendedPasskey: exists(passkeys, isNotNull(passkeys.suspendedAt)),
      })
      // One row whether or not the address names an account: the attempt's.
      .from(sql`(select 1) as ${sql.identifier("one")}`)
      .leftJoin(persons, and(eq(persons.email, sql.placeholder("email")), isOpenAccount))
      .limit(1)
      .prepare("sign_in_account")
  );
});

/**
 * Reserves a password attempt for `email` (brute-force.ts) and reads the open account with
 * this address and its factors, in one statement (it was seven: the reservation, the
 * account, then the factors one question at a time; issue 48). The account is read even
 * when the attempt is refused; nothing of it is used then.
 */
export const reserveAndFindSignInAccount = async (
  db: Db,
  email: string,
): Promise<{ readonly attempt: Attempt; readonly account: SignInAccount | undefined }> => {
  await flushHeldWrites();
  const [row] = await signInAccountQuery(db).execute({
    subject: subjectOf(email),
    email: normaliseEmail(email),
  });
  const attempt = attemptOf(row?.failures ?? null, row?.lockedSeconds ?? null);
  if (!row?.id) return { attempt, account: undefined };
  const {
    failures,
    lockedSeconds,
    app,
    mail,
    passkey,
    suspendedCode,
    suspendedPasskey,
    ...account
  } = row as typeof row & AccountRow;
  // The interaction's end reads the person again (claims, the activity entry): the same row.
  rememberAccountRow(account);
  const suspended = suspendedCode || suspendedPasskey;
  return {
    attempt,
    account: {
      ...account,
      needsSecondFactor: app || mail || passkey || suspended,
      // codeFactorOf: the app wins; else the e-mail factor; else a passkey asks for itself;
      // else suspended factors are stood in for by a mailed code.
      mailedCode: !app && (mail || (!passkey && suspended)),
    },
  };
};
