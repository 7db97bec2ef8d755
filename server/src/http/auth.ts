import { SUPPORT_ROLE } from "@portal/core";
import type { FastifyRequest } from "fastify";
import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import { apiError } from "./api-error.js";
import type { SessionStatus } from "./identity-sessions.js";
import { createOpenSessionCheck } from "./open-session-check.js";
import { createVerifiedTokenCache } from "./verified-token-cache.js";

/** Claims of a verified access token (Keycloak-shaped). */
export interface AccessClaims extends JWTPayload {
  readonly azp?: string;
  readonly cr_id?: string | null;
  readonly cr_mapping?: string | null;
  readonly cr_userrole?: ReadonlyArray<string> | null;
  readonly cr_membernumber?: string | null;
  readonly realm_access?: { readonly roles?: ReadonlyArray<string> };
  readonly sid?: string;
  readonly typ?: string;
  /** When the person last signed in (seconds since the epoch); sensitive changes read it. */
  readonly auth_time?: number;
}

/** A signed-in caller. */
export interface AuthenticatedUser {
  /** The person id: claim cr_id, else sub. */
  readonly personId: string;
  readonly claims: AccessClaims;
}

/** Verifies bearer tokens against the issuer's JWKS. */
export interface TokenVerifier {
  requireUser(request: FastifyRequest): Promise<AuthenticatedUser>;
  requireSupport(request: FastifyRequest): Promise<AuthenticatedUser>;
  /**
   * A client's own token (client credentials: no person, no session) of one of `clients`;
   * the Shared Signals receivers (ssf/). 401 UNAUTHORIZED otherwise.
   */
  requireClient(request: FastifyRequest, clients: ReadonlyArray<string>): Promise<AccessClaims>;
}

export interface TokenVerifierOptions {
  /** OIDC issuer URL (no trailing slash); the JWKS is at `${issuer}/protocol/openid-connect/certs`. */
  readonly issuer: string;
  /** Client ids whose tokens a user call accepts (checked against azp and aud). */
  readonly userClients: ReadonlyArray<string>;
  /** Client ids whose tokens a support call accepts. */
  readonly supportClients: ReadonlyArray<string>;
  /**
   * Where to fetch the JWKS when not at the issuer's public URL (the embedded provider
   * is asked over loopback, so a proxy in front of PUBLIC_URL is not in the way).
   */
  readonly jwksUrl?: string | undefined;
  /**
   * Milliseconds since the epoch for a token's expiry: the issuer stamped it by its own
   * clock (Keycloak's, or this process's time for the embedded provider), so the system time
   * unless a test replaces it.
   */
  readonly now?: () => number;
  /**
   * Milliseconds since the epoch for the session check: how long an answer holds. The server
   * passes its clock, so a test moves past {@link SESSION_CHECK_MAX_AGE_MS} instead of waiting.
   * `now` when not given.
   */
  readonly sessionsNow?: () => number;
  /**
   * The issuer's session store (the embedded provider's): a user token whose session (`sid`)
   * has ended is refused within {@link SESSION_CHECK_MAX_AGE_MS}. Unset (an external issuer),
   * tokens count until they expire.
   */
  readonly sessions?: SessionStatus | undefined;
}

// Verified tokens kept per process: enough for every session active within the age limit;
// the age limit bounds how long a key withdrawn from the JWKS still counts.
const TOKEN_CACHE_ENTRIES = 10_000;
const TOKEN_CACHE_MAX_AGE_MS = 60_000;
/** The longest a session ended on any process still lets its access tokens call the API. */
export const SESSION_CHECK_MAX_AGE_MS = 2_000;

/**
 * A verifier that fetches (and caches) the issuer's JWKS on first use, checks signature,
 * expiry, issuer and the client (azp or aud). Failures answer 401 UNAUTHORIZED; a valid
 * token without the support role answers 403 FORBIDDEN on support calls.
 *
 * @example
 * const auth = createTokenVerifier({ issuer, userClients: ["benutzerverwaltung"], supportClients: ["portal-support"] });
 * const { personId } = await auth.requireUser(request);
 */
export const createTokenVerifier = (options: TokenVerifierOptions): TokenVerifier => {
  const jwks = createRemoteJWKSet(
    new URL(options.jwksUrl ?? `${options.issuer}/protocol/openid-connect/certs`),
    { cooldownDuration: 5_000, timeoutDuration: 5_000 },
  );
  const now = options.now ?? Date.now;
  const sessionsNow = options.sessionsNow ?? now;
  const verified = createVerifiedTokenCache<AccessClaims>({
    maxEntries: TOKEN_CACHE_ENTRIES,
    maxAgeMs: TOKEN_CACHE_MAX_AGE_MS,
  });
  // Checked after the token cache, on every call: a cached token still needs an open session.
  const sessionOpen =
    options.sessions &&
    createOpenSessionCheck(options.sessions, {
      maxEntries: TOKEN_CACHE_ENTRIES,
      maxAgeMs: SESSION_CHECK_MAX_AGE_MS,
    });

  /**
   * The claims of an Authorization header: from the cache (keyed by the whole header, so a
   * repeat call is not even parsed), else parsed and checked (signature, expiry, issuer).
   */
  const claimsOf = async (request: FastifyRequest, header: string): Promise<AccessClaims> => {
    const nowMs = now();
    const cached = verified.get(header, nowMs);
    if (cached) return cached;
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) throw apiError(401, "UNAUTHORIZED");
    let claims: AccessClaims;
    try {
      ({ payload: claims } = await jwtVerify<AccessClaims>(token, jwks, {
        issuer: options.issuer,
        algorithms: ["RS256", "PS256", "ES256", "EdDSA"],
        currentDate: new Date(nowMs),
      }));
    } catch (error) {
      // The issuer's key set cannot be fetched: our fault, not the caller's token.
      if (!(error instanceof joseErrors.JOSEError) || error instanceof joseErrors.JWKSTimeout) {
        request.log.error({ err: error }, "issuer key set unavailable");
        throw apiError(503, "BACKEND_ERROR");
      }
      request.log.info({ code: error.code }, "bearer token rejected");
      throw apiError(401, "UNAUTHORIZED");
    }
    // Tokens without exp are verified each time rather than kept for the full age limit.
    if (typeof claims.exp === "number") verified.set(header, claims, claims.exp * 1000, nowMs);
    return claims;
  };

  const verify = async (
    request: FastifyRequest,
    clients: ReadonlyArray<string>,
  ): Promise<AuthenticatedUser> => {
    const header = request.headers.authorization;
    if (typeof header !== "string") throw apiError(401, "UNAUTHORIZED");
    const claims = await claimsOf(request, header);
    const audiences = Array.isArray(claims.aud) ? claims.aud : claims.aud ? [claims.aud] : [];
    const forClient = clients.some((c) => c === claims.azp || audiences.includes(c));
    const personId = claims.cr_id ?? claims.sub;
    // An ID token also names the client in aud: only access tokens (Keycloak's and the
    // embedded provider's carry typ "Bearer") may call the API.
    const isAccessToken = claims.typ === "Bearer";
    if (!forClient || !personId || !isAccessToken) throw apiError(401, "UNAUTHORIZED");
    // Client-credentials tokens (the support tool) belong to no session.
    // (A store that cannot answer throws on to the error funnel, which answers 503.)
    if (sessionOpen && typeof claims.sid === "string") {
      if (!(await sessionOpen(claims.sid, personId, sessionsNow()))) {
        request.log.info("bearer token of an ended session");
        throw apiError(401, "UNAUTHORIZED");
      }
    }
    return { personId, claims };
  };

  return {
    requireUser: (request) => verify(request, options.userClients),
    requireClient: async (request, clients) => {
      const { claims } = await verify(request, clients);
      // A person's token of the same client carries their cr_id: only the client's own
      // service account (client credentials) manages streams.
      if (claims.cr_id || !claims.azp || !clients.includes(claims.azp)) {
        throw apiError(401, "UNAUTHORIZED");
      }
      return claims;
    },
    requireSupport: async (request) => {
      const user = await verify(request, options.supportClients);
      if (!user.claims.realm_access?.roles?.includes(SUPPORT_ROLE)) {
        throw apiError(403, "FORBIDDEN");
      }
      return user;
    },
  };
};
