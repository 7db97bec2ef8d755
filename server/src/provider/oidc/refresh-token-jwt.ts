import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose";

/** The fields of an issued refresh token that its JWT form carries. */
export interface RefreshTokenFacts {
  /** The provider's token id: the value its storage knows. */
  readonly jti: string;
  readonly accountId?: string | undefined;
  readonly clientId?: string | undefined;
  readonly sid?: string | undefined;
  readonly scope?: string | undefined;
  readonly iat?: number | undefined;
  readonly exp?: number | undefined;
}

const TYP = "Refresh";

/**
 * Wraps a refresh token in a JWT shaped like Keycloak's (typ "Refresh", HS256 with a
 * secret that is never published), because keycloak-js decodes the refresh token. The
 * provider's token id is the JWT's `jti`; the artifact adapter unwraps it again.
 *
 * @example
 * const jwt = await wrapRefreshToken(secret, issuer, { jti: "abc", exp: 1700000000 });
 */
export const wrapRefreshToken = async (
  secret: Uint8Array,
  issuer: string,
  token: RefreshTokenFacts,
): Promise<string> => {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({
    typ: TYP,
    ...(token.clientId ? { azp: token.clientId } : {}),
    ...(token.sid ? { sid: token.sid } : {}),
    ...(token.scope ? { scope: token.scope } : {}),
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setJti(token.jti)
    .setIssuer(issuer)
    .setAudience(issuer)
    .setIssuedAt(token.iat ?? now)
    .setExpirationTime(token.exp ?? now);
  if (token.accountId) jwt.setSubject(token.accountId);
  return jwt.sign(secret);
};

/** True when `value` has the shape of a compact JWS (three base64url parts). */
export const looksLikeJwt = (value: string): boolean =>
  /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value) &&
  (() => {
    try {
      return decodeProtectedHeader(value).alg === "HS256";
    } catch {
      return false;
    }
  })();

/**
 * The provider's token id inside a refresh-token JWT, or undefined when the signature,
 * issuer or type does not match. Expiry is left to the stored token (the provider reports
 * an expired one as such).
 */
export const unwrapRefreshToken = async (
  secret: Uint8Array,
  issuer: string,
  value: string,
): Promise<string | undefined> => {
  try {
    const { payload } = await jwtVerify(value, secret, {
      algorithms: ["HS256"],
      issuer,
      audience: issuer,
      typ: "JWT",
      // Expiry is the stored token's business: an expired one must answer "expired".
      currentDate: new Date(0),
    });
    return payload.typ === TYP && typeof payload.jti === "string" ? payload.jti : undefined;
  } catch {
    return undefined;
  }
};
