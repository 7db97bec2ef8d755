import * as Schema from "effect/Schema";

/** Second-factor kinds (spec section 3). */
export const MFA_TYPES = ["AUTHENTICATOR_APP", "EMAIL"] as const;
export const MfaType = Schema.Literals(MFA_TYPES);
export type MfaType = typeof MfaType.Type;

/**
 * A configured second factor, as listed by `GET /persons/me/credentials`.
 *
 * @example
 * const c: MfaCredential = { type: "AUTHENTICATOR_APP", credentialId: "c0ffee" };
 */
export const MfaCredential = Schema.Struct({ type: MfaType, credentialId: Schema.String });
export type MfaCredential = typeof MfaCredential.Type;

export const MfaCredentials = Schema.Array(MfaCredential);
export type MfaCredentials = typeof MfaCredentials.Type;

/** Keycloak application-initiated actions that configure a factor. */
export const MFA_CONFIGURE_ACTIONS = {
  AUTHENTICATOR_APP: "CONFIGURE_TOTP",
  EMAIL: "CONFIGURE_EMAIL_OTP",
} as const satisfies Record<MfaType, string>;

/**
 * The application-initiated action that deletes one credential.
 *
 * @example
 * deleteCredentialAction("abc"); // "delete_credential:abc"
 */
export const deleteCredentialAction = (credentialId: string): string =>
  `delete_credential:${credentialId}`;
