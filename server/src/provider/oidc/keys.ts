import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { Db } from "../../db/client.js";
import { type IdentityKeyKind, identityKeys } from "../../db/schema/identity.js";

/** The provider's secrets, the same in every process and across restarts. */
export interface IdentityKeys {
  /** Private RS256 signing key (JWK with kid, alg, use). */
  readonly signing: JWK;
  /** Secrets that sign the provider's cookies. */
  readonly cookieKeys: string[];
  /** HMAC secret of the JWT-shaped refresh tokens (never published in the JWKS). */
  readonly refreshSecret: Uint8Array;
}

const generate = async (kind: IdentityKeyKind): Promise<Record<string, unknown>> => {
  if (kind === "signing") {
    const { privateKey } = await generateKeyPair("RS256", {
      modulusLength: 2048,
      extractable: true,
    });
    return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: "RS256", use: "sig" };
  }
  return { secret: randomBytes(32).toString("base64url") };
};

// One row per kind: the first process to start inserts it, every later one reads it, so
// concurrent first starts still agree on one key.
const loadOrCreate = async (db: Db, kind: IdentityKeyKind): Promise<Record<string, unknown>> => {
  const existing = await db.select().from(identityKeys).where(eq(identityKeys.id, kind)).limit(1);
  if (existing[0]) return existing[0].material;
  await db
    .insert(identityKeys)
    .values({ id: kind, kind, material: await generate(kind) })
    .onConflictDoNothing();
  const stored = await db.select().from(identityKeys).where(eq(identityKeys.id, kind)).limit(1);
  if (!stored[0]) throw new Error(`identity key ${kind} could not be stored`);
  return stored[0].material;
};

const secretOf = (material: Record<string, unknown>): string => {
  const secret = material.secret;
  if (typeof secret !== "string") throw new Error("identity key material without a secret");
  return secret;
};

/**
 * Loads the provider's keys from the database, generating them on first start.
 *
 * @example
 * const keys = await loadIdentityKeys(db);
 */
export const loadIdentityKeys = async (db: Db): Promise<IdentityKeys> => {
  const signing = (await loadOrCreate(db, "signing")) as JWK;
  const cookie = secretOf(await loadOrCreate(db, "cookie"));
  const refresh = secretOf(await loadOrCreate(db, "refresh-hmac"));
  return {
    signing,
    cookieKeys: [cookie],
    refreshSecret: Buffer.from(refresh, "base64url"),
  };
};
