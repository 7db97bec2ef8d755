import { hash, verify } from "@node-rs/argon2";

// OWASP Password Storage Cheat Sheet: argon2id, 19 MiB memory, 2 iterations, 1 lane.
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolatedModules cannot import).
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes a password (or any secret a person types) with argon2id; the PHC string
 * carries salt and parameters.
 *
 * @example
 * const stored = await hashPassword("Secret-Passw0rd");
 */
export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2ID);

/**
 * True when `password` matches the stored argon2 hash; false for a wrong password or a
 * malformed hash (never throws on bad input).
 */
export const verifyPassword = async (stored: string, password: string): Promise<boolean> => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};
