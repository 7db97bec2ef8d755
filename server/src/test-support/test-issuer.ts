import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { createKeycloakRealmFake, type KeycloakRealmFake } from "./keycloak-realm-fake.js";

/**
 * A tiny OpenID issuer for tests, Keycloak-shaped: serves its JWKS over real HTTP, signs
 * tokens, and answers the admin calls the server makes of a Keycloak realm (`realm`).
 */
export interface TestIssuer {
  /** Issuer URL, e.g. `http://127.0.0.1:40123/realms/test`. */
  readonly issuer: string;
  /**
   * Signs an access token for `clientId` (azp) with the given claims (1 hour valid unless
   * `exp` given; signed in now unless `auth_time` given).
   */
  sign(
    claims: JWTPayload & Record<string, unknown>,
    options?: {
      readonly clientId?: string;
      readonly expiresIn?: string | number;
      readonly issuer?: string;
    },
  ): Promise<string>;
  /** The realm's users, sessions and admin calls (the server ends sessions through them). */
  readonly realm: KeycloakRealmFake;
  close(): Promise<void>;
}

/**
 * Starts a test issuer on an ephemeral port; the server's real verifier fetches its JWKS
 * at `${issuer}/protocol/openid-connect/certs`.
 *
 * @example
 * const issuer = await startTestIssuer();
 * const server = await startServer({ port: 0, oidcIssuer: issuer.issuer, ... });
 * const token = await issuer.sign({ sub: personId, cr_id: personId });
 */
export const startTestIssuer = async (
  defaultClientId = "benutzerverwaltung",
): Promise<TestIssuer> => {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  let issuer = "";
  const realm = createKeycloakRealmFake(() => issuer);
  const server: Server = createServer((req, res) => {
    if (realm.handle(req, res)) return;
    if (req.url?.endsWith("/protocol/openid-connect/certs")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("test issuer has no port");
  issuer = `http://127.0.0.1:${address.port}/realms/test`;
  return {
    issuer,
    realm,
    sign: (claims, options = {}) =>
      // A sign-in just now (`auth_time`), as after a real one; a test of an older sign-in
      // passes its own.
      new SignJWT({
        azp: options.clientId ?? defaultClientId,
        typ: "Bearer",
        auth_time: Math.floor(Date.now() / 1000),
        ...claims,
      })
        .setProtectedHeader({ alg: "RS256", kid })
        .setIssuer(options.issuer ?? issuer)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? "1h")
        .sign(privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export { TEST_SUPPORT_SECRET } from "./keycloak-realm-fake.js";
