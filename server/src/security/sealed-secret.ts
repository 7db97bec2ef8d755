/**
 * Secrets the server must read back (an authenticator app's TOTP key, a Shared Signals
 * receiver's authorization header) are kept sealed:
 * AES-256-GCM under a key derived (HKDF-SHA-256, per purpose) from the deployment's
 * KEYED_HASH_SECRET, which lives outside the database in production. A copy of the tables
 * alone then holds no key that computes a person's codes. Sealed values read
 * `v1.<base64url of iv, tag and ciphertext>`; a value without the prefix is one written
 * before sealing (a base32 key) and is read as it is until `sealLegacyTotpSecrets` has
 * sealed it at start. A value that does not open (another secret, a changed byte) reads
 * as none: the factor then accepts no code rather than a wrong one.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { and, eq, isNotNull, notLike } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { mfaCredentials } from "../db/schema/index.js";
import { installedSecret } from "./keyed-hash.js";

const PREFIX = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyOf = (purpose: string): Buffer =>
  Buffer.from(hkdfSync("sha256", installedSecret(), Buffer.alloc(0), `sealed:${purpose}`, 32));

/**
 * @example
 * const stored = sealSecret("totp", "JBSWY3DPEHPK3PXP"); // "v1.…"
 */
export const sealSecret = (purpose: string, plain: string): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(purpose), iv);
  // The purpose is bound in: a value sealed for one use does not open for another.
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
};

/** The plain value of `stored`; a legacy unsealed value as it is; undefined when it does not open. */
export const openSecret = (purpose: string, stored: string): string | undefined => {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(purpose), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return undefined;
  }
};

export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/** The purpose of authenticator-app keys. */
export const TOTP_SECRET = "totp";
/** The purpose of a Shared Signals receiver's `authorization_header`, sent with every push. */
export const SSF_AUTHORIZATION = "ssf-authorization";

/**
 * Seals every authenticator-app key written before sealing (run at start, after the
 * secret is installed). Each row changes only if it still holds the value read, so
 * several processes starting at once seal each row once. How many it sealed.
 */
export const sealLegacyTotpSecrets = async (db: Db): Promise<number> => {
  const rows = await db
    .select({ id: mfaCredentials.id, secret: mfaCredentials.secret })
    .from(mfaCredentials)
    .where(and(isNotNull(mfaCredentials.secret), notLike(mfaCredentials.secret, `${PREFIX}%`)));
  let sealed = 0;
  for (const row of rows) {
    if (!row.secret) continue;
    const changed = await db
      .update(mfaCredentials)
      .set({ secret: sealSecret(TOTP_SECRET, row.secret) })
      .where(and(eq(mfaCredentials.id, row.id), eq(mfaCredentials.secret, row.secret)))
      .returning({ id: mfaCredentials.id });
    sealed += changed.length;
  }
  return sealed;
};
