/**
 * "This wasn't me" in Keycloak mode: Keycloak cannot suspend a credential, so the user sync
 * removes every second factor (authenticator app, passkey, recovery codes) that Keycloak's
 * user of a secured person had before the securing, and records in the portal's activity
 * what each was (docs/keycloak.md, "This wasn't me in Keycloak mode"). Factors set up after
 * the securing (the owner's, after the reset) stay.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { recordSecurityEvent } from "../../activity/security-events.js";
import type { Db } from "../../db/client.js";
import { type PersonRow, persons, securityEvents } from "../../db/schema/index.js";
import { FACTOR_KINDS, type KeycloakCredential } from "./keycloak-users.js";

/** What the sync is told to remove: factors created before `before`, each recorded first. */
export interface FactorRemoval {
  readonly before: Date;
  /** Records the removal in the person's activity (once per credential, however often asked). */
  record(credential: KeycloakCredential): Promise<void>;
}

/** The Keycloak credentials a removal takes: second factors created before the cutoff. */
export const factorsToRemove = (
  credentials: ReadonlyArray<KeycloakCredential>,
  before: Date,
): KeycloakCredential[] =>
  credentials.filter(
    (c) => FACTOR_KINDS[c.type] !== undefined && (c.createdDate ?? 0) < before.getTime(),
  );

const REMOVED = "factor-removed-when-secured";

/**
 * When the person's account was last secured: `secured_at` while it is, else the last
 * "account-secured" event of the activity (securing records one with the same instant), so
 * that a push that could not reach Keycloak between the securing and the reset still
 * removes the factors of before the securing once it can. Null: never secured (in the
 * activity's retention period), nothing to remove.
 */
export const lastSecuredAt = async (db: Db, person: PersonRow): Promise<Date | null> => {
  if (person.securedAt) return person.securedAt;
  const [event] = await db
    .select({ at: securityEvents.createdAt })
    .from(securityEvents)
    .where(and(eq(securityEvents.personId, person.id), eq(securityEvents.kind, "account-secured")))
    .orderBy(desc(securityEvents.createdAt))
    .limit(1);
  return event?.at ?? null;
};

/**
 * Records that a Keycloak credential of the person is removed: its kind, label and
 * creation. Written before the credential is deleted, so a push that dies in between has
 * recorded it, and at most once per credential: the check and the insert run under the
 * person's row lock, so two pushes (a lease taken over from a process that hung) cannot
 * both write it.
 */
export const recordFactorRemoval = (
  db: Db,
  personId: string,
  credential: KeycloakCredential,
  at: Date,
) =>
  db.transaction(async (tx) => {
    await tx.select({ id: persons.id }).from(persons).where(eq(persons.id, personId)).for("update");
    const [known] = await tx
      .select({ id: securityEvents.id })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.personId, personId),
          eq(securityEvents.kind, REMOVED),
          sql`${securityEvents.details}->>'keycloakCredential' = ${credential.id}`,
        ),
      )
      .limit(1);
    if (known) return;
    await recordSecurityEvent(
      tx,
      personId,
      REMOVED,
      {
        factor: FACTOR_KINDS[credential.type] ?? credential.type,
        ...(credential.userLabel ? { label: credential.userLabel } : {}),
        ...(credential.createdDate !== undefined
          ? { factorCreatedAt: new Date(credential.createdDate).toISOString() }
          : {}),
        keycloakCredential: credential.id,
      },
      at,
    );
  });
