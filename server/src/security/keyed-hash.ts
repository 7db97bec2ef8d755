import { createHmac, createSecretKey, type KeyObject, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { identityKeys } from "../db/schema/identity.js";

/**
 * Keys derived from personal data (e-mail and client addresses in rate-limit and
 * sign-in-failure counters) are an HMAC-SHA-256 under a server secret, never a plain hash:
 * a plain SHA-256 of an address is reversed by hashing a list of addresses, so a copy of
 * the tables would name every person who tried to sign in or asked for a mail.
 *
 * The secret is KEYED_HASH_SECRET; unset, one is generated on first start and kept in the
 * database (every process on it agrees). The functions that derive keys are called deep
 * inside counters that know nothing of the config, so the server installs its secret here
 * once at start; before that (unit tests of a counter) a random one of this process counts.
 */
let secret: Buffer = randomBytes(32);
// The same secret as a key object, made once: `createHmac` prepares a raw key anew on every
// call, which made an HMAC about six times as expensive (33 against 6 us; a password sign-in
// takes a dozen: the rate limits, the sign-in subject, the passkey challenge's MAC).
let secretKey: KeyObject = createSecretKey(secret);

/** The secret installed in this process (sealed-secret.ts derives its key from it). */
export const installedSecret = (): Buffer => secret;

/** Makes `value` the secret of every key derived from now on in this process. */
export const installKeyedHashSecret = (value: string | Uint8Array): void => {
  secret = Buffer.from(value);
  secretKey = createSecretKey(secret);
};

/**
 * The key of `value` for `purpose` (hex): the same input gives the same key in every
 * process with the same secret, and nothing without the secret links the key to the input.
 *
 * @example
 * keyedHash("login", "erika@example.org"); // "5f0c…" (64 hex digits)
 */
export const keyedHash = (purpose: string, value: string): string =>
  createHmac("sha256", secretKey).update(`${purpose}:`).update(value, "utf8").digest("hex");

const ROW_ID = "keyed-hash-secret";

/**
 * The secret of this deployment: KEYED_HASH_SECRET when set, else the one generated on
 * first start and kept in `identity_keys` (a concurrent first start keeps the first row).
 */
export const loadKeyedHashSecret = async (
  db: Db,
  config: Pick<Config, "keyedHashSecret">,
): Promise<string> => {
  if (config.keyedHashSecret) return config.keyedHashSecret;
  await db
    .insert(identityKeys)
    .values({
      id: ROW_ID,
      kind: "keyed-hash",
      material: { secret: randomBytes(32).toString("base64url") },
    })
    .onConflictDoNothing();
  const rows = await db.select().from(identityKeys).where(eq(identityKeys.id, ROW_ID)).limit(1);
  const stored = rows[0]?.material.secret;
  if (typeof stored !== "string") throw new Error("keyed-hash secret could not be stored");
  return stored;
};
