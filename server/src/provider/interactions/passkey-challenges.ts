import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { webauthnChallenges } from "../../db/schema/passkeys.js";
import { sha256 } from "../oidc/drizzle-adapter.js";

/** What a challenge was issued for; a response is checked against the same purpose. */
export type ChallengePurpose =
  | "register"
  | "register-passwordless"
  | "login"
  | "second-factor"
  | "upgrade";

/** A challenge is open this long (a page left open longer asks again). */
export const CHALLENGE_MINUTES = 5;

const interactionKey = (uid: string): string => sha256(`webauthn:${uid}`);
const challengeKey = (challenge: string): string => sha256(`webauthn-challenge:${challenge}`);

/**
 * Remembers `challenge` (base64url, from the options) for interaction `uid`: only its
 * hash is stored, with the purpose and the person it is for.
 */
export const storeChallenge = async (
  db: Db,
  uid: string,
  purpose: ChallengePurpose,
  challenge: string,
  personId: string | null,
  now: Date,
): Promise<void> => {
  await db.insert(webauthnChallenges).values({
    challengeHash: challengeKey(challenge),
    interactionHash: interactionKey(uid),
    purpose,
    personId,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
  });
};

/**
 * Takes a challenge once: true for the one caller whose delete removed the open, unexpired
 * challenge of this interaction, purpose and person. One statement, so two parallel
 * responses to one challenge cannot both be accepted.
 */
export const takeChallenge = async (
  db: Db,
  uid: string,
  purpose: ChallengePurpose,
  challenge: string,
  personId: string | null,
  now: Date,
): Promise<boolean> => {
  const c = webauthnChallenges;
  const taken = await db
    .delete(c)
    .where(
      and(
        eq(c.challengeHash, challengeKey(challenge)),
        eq(c.interactionHash, interactionKey(uid)),
        eq(c.purpose, purpose),
        gt(c.expiresAt, now),
      ),
    )
    .returning({ personId: c.personId });
  return taken.length === 1 && (taken[0]?.personId ?? null) === personId;
};

/** Drops expired challenges (they are refused already; this keeps the table small). */
export const dropExpiredChallenges = async (db: Db, now: Date): Promise<void> => {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
};
