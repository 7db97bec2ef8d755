import { type LoginClaims, LoginClaims as LoginClaimsSchema } from "@portal/contracts";
import * as Schema from "effect/Schema";

/** Reads the login claims of a parsed access token; null when they are not the contract's. */
export type ClaimsDecoder = (tokenParsed: unknown) => LoginClaims | null;

const decode = Schema.decodeUnknownOption(LoginClaimsSchema);

/**
 * The contracts' LoginClaims through effect's Schema: a chunk of its own (with Schema), which
 * keycloak-start.ts loads only once a session exists, so a visitor's page never carries it.
 *
 * @example
 * decodeLoginClaims(kc.tokenParsed); // { sub, cr_id, ... } or null
 */
export const decodeLoginClaims: ClaimsDecoder = (tokenParsed) => {
  const decoded = decode(tokenParsed);
  return decoded._tag === "Some" ? decoded.value : null;
};
