import { and, eq, gt, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { type IdentityLoginStateRow, identityLoginStates } from "../../db/schema/identity.js";
import { sha256 } from "../drizzle-adapter.js";
import { TTL } from "../provider.js";

/** What one interaction remembers between its pages (see identityLoginStates). */
export type LoginState = IdentityLoginStateRow;

const keyOf = (uid: string): string => sha256(`interaction:${uid}`);

/** The state of interaction `uid`, unless expired. */
export const readLoginState = async (
  db: Db,
  uid: string,
  now: Date,
): Promise<LoginState | undefined> => {
  const rows = await db
    .select()
    .from(identityLoginStates)
    .where(eq(identityLoginStates.interactionHash, keyOf(uid)))
    .limit(1);
  const row = rows[0];
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

/** Forgets interaction `uid` (finished) and every expired state. */
export const dropLoginState = async (db: Db, uid: string, now: Date): Promise<void> => {
  await db.delete(identityLoginStates).where(eq(identityLoginStates.interactionHash, keyOf(uid)));
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
  const s = identityLoginStates;
  const cleared = await db
    .update(s)
    .set({ emailCodeHash: null, emailCodeExpiresAt: null, emailCodeTries: 0 })
    .where(and(eq(s.interactionHash, keyOf(uid)), eq(s.emailCodeHash, hash)))
    .returning({ key: s.interactionHash });
  return cleared.length === 1;
};
