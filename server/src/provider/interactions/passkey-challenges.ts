import { randomBytes, timingSafeEqual } from "node:crypto";
import { lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { webauthnChallenges } from "../../db/schema/passkeys.js";
import { keyedHash } from "../../security/keyed-hash.js";
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

// A challenge is stateless until it is used (issue 48: the login page's conditional UI
// wrote a row for every visit, used or not): 16 random bytes, its expiry and a MAC under
// the server's keyed-hash secret (the same in every process) over those, the interaction,
// the purpose and the person it is for. Any node checks it; only its use writes a row,
// which makes the use the only one (see takeChallenge).
const RANDOM = 16;
const EXPIRY = 6;
const MAC = 16;

const interactionKey = (uid: string): string => sha256(`webauthn:${uid}`);
const challengeKey = (challenge: string): string => sha256(`webauthn-challenge:${challenge}`);

const macOf = (
  body: Uint8Array,
  uid: string,
  purpose: ChallengePurpose,
  personId: string | null,
): Buffer =>
  Buffer.from(
    keyedHash(
      "webauthn-challenge",
      `${uid}\n${purpose}\n${personId ?? ""}\n${Buffer.from(body).toString("base64url")}`,
    ),
    "hex",
  ).subarray(0, MAC);

/**
 * A new challenge (the bytes for the WebAuthn options) for interaction `uid`, `purpose`
 * and the person it is for, open {@link CHALLENGE_MINUTES} from `now`. Nothing is stored.
 */
export const newChallenge = (
  uid: string,
  purpose: ChallengePurpose,
  personId: string | null,
  now: Date,
): Uint8Array<ArrayBuffer> => {
  const body = Buffer.alloc(RANDOM + EXPIRY);
  randomBytes(RANDOM).copy(body);
  body.writeUIntBE(Math.floor(now.getTime() / 1000) + CHALLENGE_MINUTES * 60, RANDOM, EXPIRY);
  const challenge = new Uint8Array(RANDOM + EXPIRY + MAC);
  challenge.set(body);
  challenge.set(macOf(body, uid, purpose, personId), RANDOM + EXPIRY);
  return challenge;
};

/**
 * Takes a challenge once: true for the one caller that presents an unexpired challenge
 * issued for this interaction, purpose and person, and is the first to use it. The use is
 * one insert of the challenge's hash (kept until the challenge expires), so two parallel
 * responses to one challenge cannot both be accepted, on however many processes.
 */
export const takeChallenge = async (
  db: Db,
  uid: string,
  purpose: ChallengePurpose,
  challenge: string,
  personId: string | null,
  now: Date,
): Promise<boolean> => {
  const raw = Buffer.from(challenge, "base64url");
  if (raw.length !== RANDOM + EXPIRY + MAC) return false;
  const body = raw.subarray(0, RANDOM + EXPIRY);
  if (!timingSafeEqual(raw.subarray(RANDOM + EXPIRY), macOf(body, uid, purpose, personId)))
    return false;
  const expiresAt = new Date(body.readUIntBE(RANDOM, EXPIRY) * 1000);
  if (expiresAt <= now) return false;
  const used = await db
    .insert(webauthnChallenges)
    // The person is in the MAC; the row only marks the use (no link to a person to keep).
    .values({
      challengeHash: challengeKey(challenge),
      interactionHash: interactionKey(uid),
      purpose,
      personId: null,
      expiresAt,
    })
    .onConflictDoNothing()
    .returning({ hash: webauthnChallenges.challengeHash });
  return used.length === 1;
};

/** Drops the marks of expired challenges (they are refused anyway; this keeps the table small). */
export const dropExpiredChallenges = async (db: Db, now: Date): Promise<void> => {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
};
