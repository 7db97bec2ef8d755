import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { Db } from "../../db/client.js";
import { type IdentityKeyKind, identityKeys } from "../../db/schema/identity.js";

/** The provider's secrets, the same in every process and across restarts. */
export interface IdentityKeys {
  /** Private ES256 signing key of ID and access tokens (JWK with kid, alg, use). */
  readonly signing: JWK;
  /**
   * Earlier signing keys (the RS256 key of installations from before issue 48), published
   * beside it so tokens they signed stay valid until they expire; nothing signs with them.
   */
  readonly retired: JWK[];
  /** Secrets that sign the provider's cookies. */
  readonly cookieKeys: string[];
  /** HMAC secret of the JWT-shaped refresh tokens (never published in the JWKS). */
  readonly refreshSecret: Uint8Array;
}

// Issue 48: ES256 rather than RS256, as a 2048-bit RSA signature costs about eight times
// the CPU of a P-256 one and every sign-in signs two tokens. Every verifier takes it: the
// API's (http/auth.ts), userinfo, keycloak-js (which does not verify) and openid-client.
const SIGNING_ALG = "ES256";

const generate = async (kind: IdentityKeyKind): Promise<Record<string, unknown>> => {
  if (kind === "signing-es256") {
    const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: SIGNING_ALG, use: "sig" };
  }
  return { secret: randomBytes(32).toString("base64url") };
};

// One row per kind: the first process to start inserts it, every later one reads it, so
// concurrent first starts still agree on one key.
const read = async (db: Db, kind: IdentityKeyKind) =>
  (await db.select().from(identityKeys).where(eq(identityKeys.id, kind)).limit(1))[0]?.material;

const loadOrCreate = async (db: Db, kind: IdentityKeyKind): Promise<Record<string, unknown>> => {
  const existing = await read(db, kind);
  if (existing) return existing;
  await db
    .insert(identityKeys)
    .values({ id: kind, kind, material: await generate(kind) })
    .onConflictDoNothing();
  const stored = await read(db, kind);
  if (!stored) throw new Error(`identity key ${kind} could not be stored`);
  return stored;
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
  const signing = (await loadOrCreate(db, "signing-es256")) as JWK;
  // The RS256 key of an installation from before issue 48; never generated any more.
  const rs256 = (await read(db, "signing")) as JWK | undefined;
  const cookie = secretOf(await loadOrCreate(db, "cookie"));
  const refresh = secretOf(await loadOrCreate(db, "refresh-hmac"));
  return {
    signing,
    retired: rs256 ? [rs256] : [],
    cookieKeys: [cookie],
    refreshSecret: Buffer.from(refresh, "base64url"),
  };
};
