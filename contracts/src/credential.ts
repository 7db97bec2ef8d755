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

/** Keycloak's application-initiated action that makes a new set of recovery codes. */
export const RECOVERY_CODES_ACTION = "CONFIGURE_RECOVERY_AUTHN_CODES";

/**
 * The person's recovery codes, as `GET /persons/me/recovery-codes` counts them (never the
 * codes themselves: they are shown once, by the identity provider, when made).
 *
 * @example
 * const s: RecoveryCodesStatus = { remaining: 11, total: 12, createdAt: "2026-11-24T20:00:00.000Z" };
 */
export const RecoveryCodesStatus = Schema.Struct({
  /** Unused codes of the current set; 0 when there is none. */
  remaining: Schema.Number,
  /** Codes the current set was made with; 0 when there is none. */
  total: Schema.Number,
  /** When the current set was made (ISO 8601), null when there is none. */
  createdAt: Schema.NullOr(Schema.String),
});
export type RecoveryCodesStatus = typeof RecoveryCodesStatus.Type;
