import type { Clock } from "@portal/core";
import { and, eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createLocalJWKSet, type JWK, type JWTPayload, jwtVerify } from "jose";
import type { Db } from "../../db/client.js";
import { identityArtifacts } from "../../db/schema/identity.js";
import { findAccountRow, portalClaims, standardClaims } from "./account-claims.js";
import { sha256 } from "./drizzle-adapter.js";

const PRIVATE_PARTS = ["d", "p", "q", "dp", "dq", "qi"] as const;

/** The public half of a private JWK. */
export const publicJwk = (jwk: JWK): JWK => {
  const copy: Record<string, unknown> = { ...jwk };
  for (const part of PRIVATE_PARTS) delete copy[part];
  return copy as JWK;
};

/** True while the session a token names (its `sid`, the session uid) exists: logout ends userinfo too. */
const sessionAlive = async (
  db: Db,
  accountId: string,
  sid: string,
  now: Date,
): Promise<boolean> => {
  const sessions = await db
    .select({ accountId: identityArtifacts.accountId, expiresAt: identityArtifacts.expiresAt })
    .from(identityArtifacts)
    .where(and(eq(identityArtifacts.model, "Session"), eq(identityArtifacts.uidHash, sha256(sid))));
  return sessions.some((s) => s.accountId === accountId && (!s.expiresAt || s.expiresAt > now));
};

const reject = (
  reply: FastifyReply,
  error: "invalid_request" | "invalid_token",
  description: string,
) =>
  reply
    .code(401)
    .header("www-authenticate", `Bearer error="${error}", error_description="${description}"`)
    .header("cache-control", "no-store")
    .send({ error, error_description: description });

/**
 * The userinfo endpoint for the provider's JWT access tokens (as Keycloak's accepts its own
 * access tokens): signature, issuer, expiry, type "Bearer", a user token whose session is
 * still open; answers the person's current claims.
 */
export const userinfoHandler = (options: {
  readonly db: Db;
  readonly issuer: string;
  /** The provider's signing keys (private JWKs; only their public parts are used). */
  readonly signing: readonly JWK[];
  /** The portal's clock: sessions expire by it (as in the API's session check). */
  readonly clock: Clock;
}) => {
  const keys = createLocalJWKSet({ keys: options.signing.map(publicJwk) });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    if (!match?.[1]) return reject(reply, "invalid_request", "no access token provided");
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(match[1], keys, {
        issuer: options.issuer,
        algorithms: ["ES256", "RS256"],
      }));
    } catch {
      return reject(reply, "invalid_token", "invalid token provided");
    }
    const sid = typeof claims.sid === "string" ? claims.sid : undefined;
    if (claims.typ !== "Bearer" || !claims.sub || !sid) {
      return reject(reply, "invalid_token", "invalid token provided");
    }
    const row = await findAccountRow(options.db, claims.sub);
    if (!row || !(await sessionAlive(options.db, row.id, sid, options.clock.now()))) {
      return reject(reply, "invalid_token", "session not active");
    }
    return reply
      .header("cache-control", "no-store")
      .send({ ...standardClaims(row), ...portalClaims(row) });
  };
};
