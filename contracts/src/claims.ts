import * as Schema from "effect/Schema";

/**
 * The login-token claims the portal reads (spec section 3).
 *
 * @example
 * Schema.decodeUnknownSync(LoginClaims)({ cr_id: "p1", cr_userrole: [] });
 */
export const LoginClaims = Schema.Struct({
  sub: Schema.optionalKey(Schema.String),
  email: Schema.optionalKey(Schema.String),
  /** The person's full name (OpenID's standard claim; the header shows it at once). */
  name: Schema.optionalKey(Schema.String),
  cr_id: Schema.optionalKey(Schema.NullOr(Schema.String)),
  cr_mapping: Schema.optionalKey(Schema.NullOr(Schema.String)),
  cr_userrole: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String))),
  cr_membernumber: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** When the person last signed in (seconds since the epoch), as Keycloak's tokens say. */
  auth_time: Schema.optionalKey(Schema.Number),
});
export type LoginClaims = typeof LoginClaims.Type;
