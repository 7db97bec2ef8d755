import { createHash } from "node:crypto";
import type { Clock } from "@portal/core";
import { eq, sql } from "drizzle-orm";
import { type BackgroundWorker, createBackgroundWorker } from "../../clock/background-worker.js";
import type { Db } from "../../db/client.js";
import { keycloakUserSync, type PersonRow, persons } from "../../db/schema/index.js";
import { type KeycloakAdmin, KeycloakAdminError } from "./admin-client.js";
import {
  type FactorRemoval,
  factorsToRemove,
  lastSecuredAt,
  recordFactorRemoval,
} from "./factor-removal.js";
import {
  credentialsOf,
  type KeycloakCredential,
  type KeycloakUser,
  userPath,
  usersOf,
} from "./keycloak-users.js";
import { argon2Credential, userRepresentation } from "./user-representation.js";

/**
 * Keeps Keycloak's users in step with the portal's persons (Keycloak mode). The portal's
 * database is the one source of truth; nothing in a flow calls Keycloak for it. Every write
 * that matters sets `persons.updated_at`; a person whose `updated_at` differs from what the
 * sync table says was pushed is due, and so is a sync row whose person is gone (erased).
 * Pushes are idempotent (the user is found by its `cr_id` attribute, then updated or
 * created), so a push repeated after a crash changes nothing twice. See docs/keycloak.md,
 * "Who signs in with what".
 */

/** A claimed row stays with the process that claimed it this long (then it died). */
const LEASE_SECONDS = 120;
/** Back-off after failures: 1 s, 2 s, 4 s, ... at most this long. */
export const MAX_BACKOFF_SECONDS = 60;
const BATCH = 20;
/** What the sync table records as the password while the account is secured. */
const NO_PASSWORD = "none";

interface Claimed {
  readonly personId: string;
  readonly attempts: number;
  readonly pushedPassword: string | null;
}

// A fingerprint of the stored hash: the table tells whether the credential changed
// without holding a second copy of the hash.
const fingerprint = (hash: string) => createHash("sha256").update(hash).digest("hex");

const deleteCredential = async (
  admin: KeycloakAdmin,
  user: KeycloakUser,
  credential: KeycloakCredential,
): Promise<void> => {
  try {
    await admin.send(
      "DELETE",
      `${userPath(user)}/credentials/${encodeURIComponent(credential.id)}`,
    );
  } catch (error) {
    // Gone already (an earlier push removed it and died before recording that): done.
    if (!(error instanceof KeycloakAdminError && error.status === 404)) throw error;
  }
};

/**
 * A secured account's credentials in Keycloak: every password (no password signs in until
 * the reset puts the new one in), and with `removal` every second factor created before
 * the securing, each recorded before it is deleted (factor-removal.ts).
 */
const removeCredentials = async (
  admin: KeycloakAdmin,
  user: KeycloakUser,
  passwords: boolean,
  removal: FactorRemoval | undefined,
): Promise<void> => {
  if (!passwords && !removal) return;
  const credentials = await credentialsOf(admin, user);
  if (passwords) {
    for (const credential of credentials.filter((c) => c.type === "password")) {
      await deleteCredential(admin, user, credential);
    }
  }
  if (!removal) return;
  for (const credential of factorsToRemove(credentials, removal.before)) {
    await removal.record(credential);
    await deleteCredential(admin, user, credential);
  }
};

/**
 * Brings Keycloak's user of `person` in step (created, updated, password replaced or
 * removed), or removes the users of an erased person (`person` undefined). Answers what
 * the password now is (for the sync table). Throws when Keycloak refuses or cannot be
 * reached; nothing is recorded then and the push is tried again.
 */
export const pushPerson = async (
  admin: KeycloakAdmin,
  personId: string,
  person: PersonRow | undefined,
  pushedPassword: string | null,
  removal?: FactorRemoval,
): Promise<string | null> => {
  const users = await usersOf(admin, personId);
  if (!person) {
    for (const user of users) await admin.send("DELETE", userPath(user));
    return null;
  }
  // Not confirmed yet: no user (a sign-in needs a confirmed address, spec section 3).
  if (person.emailConfirmedAt === null) return pushedPassword;
  const representation = userRepresentation(person);
  const wanted = person.securedAt ? NO_PASSWORD : fingerprint(person.passwordHash);
  const credentials = person.securedAt ? [] : [argon2Credential(person.passwordHash)];
  if (users.length === 0) {
    await admin.write("POST", "/users", { ...representation, credentials });
    return wanted;
  }
  for (const user of users) {
    // The credential only when it changed: each import makes Keycloak keep the old one
    // in its password history.
    const replace = !person.securedAt && wanted !== pushedPassword;
    await admin.write(
      "PUT",
      userPath(user),
      replace ? { ...representation, credentials } : representation,
    );
    await removeCredentials(
      admin,
      user,
      person.securedAt !== null && pushedPassword !== NO_PASSWORD,
      removal,
    );
  }
  return wanted;
};

const iso = (date: Date) => date.toISOString();

/**
 * Adds a sync row for every confirmed person without one, then claims up to {@link BATCH}
 * due rows in one statement: SKIP LOCKED lets several processes claim at once without
 * taking the same row, and moving `run_after` (the lease) keeps it from every other
 * process until this one is done or dies.
 */
const claim = async (db: Db, now: Date, only?: string): Promise<Claimed[]> => {
  const onlyPerson = (column: string) =>
    only === undefined ? sql`` : sql` and ${sql.raw(column)} = ${only}`;
  await db.execute(sql`
    insert into ${keycloakUserSync} (person_id, run_after)
    select p.id, ${iso(now)}::timestamptz from ${persons} p
     where p.email_confirmed_at is not null${onlyPerson("p.id")}
       and not exists (select 1 from ${keycloakUserSync} s where s.person_id = p.id)
    on conflict do nothing`);
  const result = (await db.execute(sql`
    update ${keycloakUserSync}
       set attempts = ${keycloakUserSync.attempts} + 1,
           run_after = ${iso(now)}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
     where ${keycloakUserSync.personId} in (
       select s.person_id from ${keycloakUserSync} s
         left join ${persons} p on p.id = s.person_id
        where s.run_after <= ${iso(now)}::timestamptz${onlyPerson("s.person_id")}
          and (p.id is null
               or date_trunc('milliseconds', p.updated_at) is distinct from s.pushed_version)
        order by s.run_after
        limit ${BATCH}
        for update of s skip locked)
     returning person_id as "personId", attempts, pushed_password as "pushedPassword"`)) as unknown as {
    rows: Claimed[];
  };
  return result.rows;
};

/** The factors a push removes: those of before the person's last securing, if any. */
const removalOf = async (
  db: Db,
  person: PersonRow,
  now: () => Date,
): Promise<FactorRemoval | undefined> => {
  const before = await lastSecuredAt(db, person);
  if (!before) return undefined;
  return {
    before,
    record: (credential) => recordFactorRemoval(db, person.id, credential, now()),
  };
};

/** What one run did: pushed (users in step), failed (left for a retry). */
export interface SyncRun {
  readonly pushed: number;
  readonly failed: number;
}

/**
 * Pushes every due person once, batch after batch while batches come full. A failed push is left for a retry after a back-off, doubling from 1 s up to
 * {@link MAX_BACKOFF_SECONDS}, so a Keycloak that is down or answers 5xx gets the change
 * once it is back.
 */
export const syncDueUsers = async (options: {
  readonly db: Db;
  readonly admin: KeycloakAdmin;
  readonly now: () => Date;
  readonly onError?: (error: unknown, attempts: number) => void;
  /** This person's push alone, if it is due (the answer of a flow waits for it). */
  readonly only?: string | undefined;
}): Promise<SyncRun> => {
  const { db, admin } = options;
  let pushed = 0;
  let failed = 0;
  for (;;) {
    const rows = await claim(db, options.now(), options.only);
    for (const row of rows) {
      const [person] = await db.select().from(persons).where(eq(persons.id, row.personId));
      try {
        const password = await pushPerson(
          admin,
          row.personId,
          person,
          row.pushedPassword,
          person ? await removalOf(db, person, options.now) : undefined,
        );
        if (!person) {
          // The tombstone has done its work.
          await db.delete(keycloakUserSync).where(eq(keycloakUserSync.personId, row.personId));
        } else {
          await db
            .update(keycloakUserSync)
            .set({
              pushedVersion: person.updatedAt,
              pushedPassword: password,
              attempts: 0,
              runAfter: options.now(),
              lastError: null,
            })
            .where(eq(keycloakUserSync.personId, row.personId));
        }
        pushed++;
      } catch (error) {
        failed++;
        options.onError?.(error, row.attempts);
        const backoff = Math.min(2 ** Math.max(row.attempts - 1, 0), MAX_BACKOFF_SECONDS);
        await db
          .update(keycloakUserSync)
          .set({
            runAfter: new Date(options.now().getTime() + backoff * 1000),
            lastError: error instanceof Error ? error.message.slice(0, 500) : "failed",
          })
          .where(eq(keycloakUserSync.personId, row.personId));
      }
    }
    // A short batch was all that was due; a change written meanwhile is the next run's.
    if (rows.length < BATCH) return { pushed, failed };
  }
};

/** The sync worker of one process. */
export interface KeycloakUserSync extends BackgroundWorker<SyncRun> {
  /**
   * Pushes `personId` now if due, after a run under way; resolves when that is done or at
   * `deadline`, whichever comes first (then the push goes on and completes later). Never
   * rejects: a failed push is retried as every other.
   */
  settle(personId: string, deadline: Promise<void>): Promise<void>;
}

/**
 * The worker: a run on every nudge and every `pollMs` (the retries after a failure and the
 * changes of other processes, the purge's erasures), one run at a time per process.
 *
 * @example
 * const sync = createKeycloakUserSync({ db, admin, clock, log, pollMs: 5000 });
 * sync.start();
 */
export const createKeycloakUserSync = (options: {
  readonly db: Db;
  readonly admin: KeycloakAdmin;
  readonly clock: Clock;
  readonly log: { warn(object: object, message: string): void };
  readonly pollMs: number;
}): KeycloakUserSync => {
  const runOnce = (only?: string) =>
    syncDueUsers({
      db: options.db,
      admin: options.admin,
      now: () => options.clock.now(),
      onError: (error, attempts) =>
        options.log.warn({ err: error, attempts }, "Keycloak user sync failed; retried later"),
      only,
    });
  const worker = createBackgroundWorker({
    run: () => runOnce(),
    pollMs: options.pollMs,
    onFailure: (error) => options.log.warn({ err: error }, "Keycloak user sync run failed"),
  });
  // One run at a time per process: a run under way may hold the person's row (leased), so
  // the person's own push starts after it.
  const settle = async (personId: string, deadline: Promise<void>): Promise<void> => {
    if (worker.closed) return;
    const pushed = worker
      .exclusive(() => runOnce(personId))
      .catch((error: unknown) => options.log.warn({ err: error }, "Keycloak user sync run failed"));
    await Promise.race([pushed, deadline]);
  };
  return Object.assign(worker, { settle });
};
