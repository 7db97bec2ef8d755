import { randomInt } from "node:crypto";
import { RECOVERY_CODE_COUNT } from "@portal/core";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { persons } from "../../db/schema/persons.js";
import { recoveryCodes } from "../../db/schema/recovery-codes.js";
import { keyedHash } from "../../security/keyed-hash.js";

// Recovery codes (Keycloak's CONFIGURE_RECOVERY_AUTHN_CODES): a set of 12 random codes,
// each good for one sign-in in place of the second factor. A code is 16 characters of
// Crockford's base32 (80 bits), shown in four groups of four. Being random and that long,
// a fast keyed hash (HMAC under the deployment's secret, bound to the person) is enough to
// store them: nothing short of the secret and 2^80 guesses turns a row back into a code.

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand stays right. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const GROUPS = 4;
const GROUP_LENGTH = 4;
const CODE_LENGTH = GROUPS * GROUP_LENGTH;
const CODE_PATTERN = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`);

/** One new code, grouped for reading, e.g. `7K2Q-M9XD-4TRA-0VHN`. */
export const newRecoveryCode = (): string => {
  let plain = "";
  for (let i = 0; i < CODE_LENGTH; i++) plain += ALPHABET[randomInt(ALPHABET.length)];
  return plain.replace(new RegExp(`(.{${GROUP_LENGTH}})(?=.)`, "g"), "$1-");
};

/**
 * A typed code in its stored form: case, spaces and dashes do not matter, and the letters
 * people confuse with digits (O, I, L) count as those digits. Undefined when it cannot be
 * a code at all (such an entry is still counted as a failed attempt by the caller).
 *
 * @example
 * normalizeRecoveryCode("7k2q m9xd-4tra-ovhn"); // "7K2QM9XD4TRA0VHN"
 */
export const normalizeRecoveryCode = (input: string): string | undefined => {
  if (input.length > 64) return undefined;
  const compact = input
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  return CODE_PATTERN.test(compact) ? compact : undefined;
};

/** The stored hash of a normalized code of `personId` (a code of one person fits no other). */
export const recoveryCodeHash = (personId: string, normalized: string): string =>
  keyedHash("recovery-code", `${personId}:${normalized}`);

/** A new set for `personId`: the codes to show once, and the hashes to keep. */
export const newRecoveryCodeSet = (
  personId: string,
): { readonly codes: ReadonlyArray<string>; readonly hashes: ReadonlyArray<string> } => {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  const list = [...codes];
  return {
    codes: list,
    hashes: list.map((c) => recoveryCodeHash(personId, normalizeRecoveryCode(c) ?? c)),
  };
};

/**
 * Makes `hashes` the person's only codes: the old set stops working in the same
 * transaction. The person's row is locked first, so two set-ups at once end with one
 * whole set, never both mixed. True when an earlier set was replaced (a regeneration,
 * which the person is alerted of), false for the first set.
 */
export const replaceRecoveryCodes = async (
  db: Db,
  personId: string,
  hashes: ReadonlyArray<string>,
): Promise<boolean> =>
  db.transaction(async (tx) => {
    await tx.select({ id: persons.id }).from(persons).where(eq(persons.id, personId)).for("update");
    const replaced = await tx
      .delete(recoveryCodes)
      .where(eq(recoveryCodes.personId, personId))
      .returning({ codeHash: recoveryCodes.codeHash });
    if (hashes.length > 0) {
      await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ personId, codeHash })));
    }
    return replaced.length > 0;
  });

/** Removes every code of the person (the last second factor went, so they guard nothing). */
export const forgetRecoveryCodes = async (db: Db, personId: string): Promise<void> => {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.personId, personId));
};

/**
 * Uses a typed code of `personId` once: one UPDATE ... WHERE used_at IS NULL RETURNING,
 * so of parallel uses of one code exactly one gets the row back. True for that one.
 */
export const useRecoveryCode = async (
  db: Db,
  personId: string,
  input: string,
  now: Date = new Date(),
): Promise<boolean> => {
  const normalized = normalizeRecoveryCode(input);
  if (!normalized) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.personId, personId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(personId, normalized)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
};

/** How many codes the person has, how many are unused, and when the set was made. */
export const recoveryCodeStatus = async (
  db: Db,
  personId: string,
): Promise<{
  readonly remaining: number;
  readonly total: number;
  readonly createdAt: Date | null;
}> => {
  const rows = await db
    .select({ usedAt: recoveryCodes.usedAt, createdAt: recoveryCodes.createdAt })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.personId, personId));
  const createdAt = rows.reduce<Date | null>(
    (first, r) => (first === null || r.createdAt < first ? r.createdAt : first),
    null,
  );
  return {
    remaining: rows.filter((r) => r.usedAt === null).length,
    total: rows.length,
    createdAt,
  };
};
