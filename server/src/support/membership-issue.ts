import { randomInt } from "node:crypto";
import type { IssuedMembership } from "@portal/contracts";
import type { Db } from "../db/client.js";
import { memberships } from "../db/schema/index.js";
import { hashPassword } from "../security/password-hash.js";

const MITGLIEDSKENNUNG_DIGITS = 10;
// Read aloud or typed from a letter: no 0/O, 1/l/I look-alikes.
const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
const PASSWORD_LENGTH = 14;
const ATTEMPTS = 5;

const randomDigits = (count: number): string =>
  // The first digit is never 0, so the ID keeps its length wherever it is stored as a number.
  String(randomInt(1, 10)) + Array.from({ length: count - 1 }, () => randomInt(0, 10)).join("");

/** A random password of the unambiguous alphabet (crypto-random, about 82 bits). */
export const randomMembershipPassword = (): string =>
  Array.from(
    { length: PASSWORD_LENGTH },
    () => PASSWORD_ALPHABET[randomInt(0, PASSWORD_ALPHABET.length)],
  ).join("");

/**
 * Issues membership credentials for a member number (the local office's job): a random
 * digits-only Mitgliedskennung and two random passwords, stored only as argon2id hashes
 * and returned once.
 *
 * @example
 * const issued = await issueMembership(db, "4711");
 */
export const issueMembership = async (db: Db, memberNumber: string): Promise<IssuedMembership> => {
  const personalPassword = randomMembershipPassword();
  const generalPassword = randomMembershipPassword();
  const [personalPasswordHash, generalPasswordHash] = await Promise.all([
    hashPassword(personalPassword),
    hashPassword(generalPassword),
  ]);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const mitgliedskennung = randomDigits(MITGLIEDSKENNUNG_DIGITS);
    // A collision with an existing ID (1 in 9e9 per ID) just draws again.
    const inserted = await db
      .insert(memberships)
      .values({ mitgliedskennung, memberNumber, personalPasswordHash, generalPasswordHash })
      .onConflictDoNothing({ target: memberships.mitgliedskennung })
      .returning({ mitgliedskennung: memberships.mitgliedskennung });
    if (inserted.length > 0) {
      return { memberNumber, mitgliedskennung, personalPassword, generalPassword };
    }
  }
  throw new Error("could not draw a free Mitgliedskennung");
};
