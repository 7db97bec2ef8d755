import { and, eq, gt, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { forgetReads, readOnce } from "../../db/request-cache.js";
import { type IdentityLoginStateRow, identityLoginStates } from "../../db/schema/identity.js";
import { sha256 } from "../oidc/drizzle-adapter.js";
import { TTL } from "../oidc/provider.js";
import { loginStateKey, loginStateRead } from "../oidc/related-reads.js";

/** What one interaction remembers between its pages (see identityLoginStates). */
export type LoginState = IdentityLoginStateRow;

const keyOf = loginStateKey;

/** The state of interaction `uid`, unless expired. */
export const readLoginState = async (
  db: Db,
  uid: string,
  now: Date,
): Promise<LoginState | undefined> => {
  // Mostly read already, with the interaction (../oidc/drizzle-adapter.ts), in this request.
  const row = await readOnce(loginStateRead(uid), async () => {
    const rows = await db
      .select()
      .from(identityLoginStates)
      .where(eq(identityLoginStates.interactionHash, keyOf(uid)))
      .limit(1);
    return rows[0];
  });
  return row && row.expiresAt > now ? row : undefined;
};

type Changes = Partial<Omit<LoginState, "interactionHash" | "expiresAt">>;

/**
 * Creates or changes the state of interaction `uid` (it lives as long as the interaction,
 * from `now`: the portal's clock).
 */
export const writeLoginState = async (
  db: Db,
  uid: string,
  personId: string,
  changes: Changes,
  now: Date,
): Promise<void> => {
  forgetReads(loginStateRead(uid));
  const expiresAt = new Date(now.getTime() + TTL.interaction * 1000);
  const interactionHash = keyOf(uid);
  await db
    .insert(identityLoginStates)
    .values({ interactionHash, personId, expiresAt, ...changes })
    .onConflictDoUpdate({
      target: identityLoginStates.interactionHash,
      set: { personId, ...changes },
    });
};

// States a step made without storing them: a password step that finishes the interaction
// at once needs no row for the next page (there is none), nor a delete after it.
const unsaved = new WeakSet<LoginState>();

/** The state `changes` would give a new interaction `uid`, held in memory only. */
export const unsavedLoginState = (
  uid: string,
  personId: string,
  changes: Changes,
  now: Date,
): LoginState => {
  const state: LoginState = {
    interactionHash: keyOf(uid),
    personId,
    passwordAt: null,
    secondFactorAt: null,
    amr: [],
    secondFactorRemembered: false,
    emailCodeHash: null,
    emailCodeExpiresAt: null,
    emailCodeTries: 0,
    pendingTotpSecret: null,
    pendingRecoveryCodeHashes: null,
    expiresAt: new Date(now.getTime() + TTL.interaction * 1000),
    ...changes,
  };
  unsaved.add(state);
  return state;
};

/** True for a state of {@link unsavedLoginState}: nothing of it is in the database. */
export const isUnsaved = (state: LoginState | undefined): boolean =>
  state !== undefined && unsaved.has(state);

/** Forgets interaction `uid` (finished). */
export const dropLoginState = async (db: Db, uid: string): Promise<void> => {
  forgetReads(loginStateRead(uid));
  await db.delete(identityLoginStates).where(eq(identityLoginStates.interactionHash, keyOf(uid)));
};

/**
 * Removes every expired state (the cleanup timer's, with the provider's expired artifacts;
 * it ran with every finished sign-in before, a statement each).
 */
export const dropExpiredLoginStates = async (db: Db, now: Date): Promise<void> => {
  await db.delete(identityLoginStates).where(lt(identityLoginStates.expiresAt, now));
};

/** Hash of an e-mail code, bound to its interaction so a code from another one never fits. */
export const emailCodeHash = (uid: string, code: string): string =>
  sha256(`email-code:${uid}:${code}`);

/**
 * Takes one try of the interaction's e-mail code, if one is open, unexpired and has tries
 * left (`maxTries`): one statement counts the try and returns the code's hash, so parallel
 * entries each use up a try and none goes uncounted. Undefined when no try is left.
 */
export const takeEmailCodeTry = async (
  db: Db,
  uid: string,
  maxTries: number,
  now: Date,
): Promise<{ readonly hash: string; readonly tries: number } | undefined> => {
  forgetReads(loginStateRead(uid));
  const s = identityLoginStates;
  const [row] = await db
    .update(s)
    .set({ emailCodeTries: sql`${s.emailCodeTries} + 1` })
    .where(
      and(
        eq(s.interactionHash, keyOf(uid)),
        isNotNull(s.emailCodeHash),
        gt(s.emailCodeExpiresAt, now),
        lt(s.emailCodeTries, maxTries),
      ),
    )
    .returning({ hash: s.emailCodeHash, tries: s.emailCodeTries });
  return row?.hash ? { hash: row.hash, tries: row.tries } : undefined;
};

/** Clears the e-mail code `hash` once: true for the one caller that cleared it. */
export const useUpEmailCode = async (db: Db, uid: string, hash: string): Promise<boolean> => {
  forgetReads(loginStateRead(uid));
  const s = identityLoginStates;
  const cleared = await db
    .update(s)
    .set({ emailCodeHash: null, emailCodeExpiresAt: null, emailCodeTries: 0 })
    .where(and(eq(s.interactionHash, keyOf(uid)), eq(s.emailCodeHash, hash)))
    .returning({ key: s.interactionHash });
  return cleared.length === 1;
};
