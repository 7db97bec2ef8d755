import type { MfaCredentials, Passkeys, RecoveryCodesStatus } from "@portal/contracts";

/**
 * Where a person's second factors are read from for the security page: the portal's own
 * tables when the embedded provider signs people in, Keycloak's credentials of the
 * person's user in Keycloak mode (where Keycloak's application-initiated actions set them
 * up). One port, two adapters (credentials/portal-factors.ts,
 * provider/keycloak/keycloak-factors.ts), chosen once at start (index.ts), so no route asks which
 * mode it runs in.
 *
 * A source that cannot be reached throws (Keycloak down: `ApiError` 503 BACKEND_ERROR):
 * the page then says the state could not be loaded, never that nothing is on.
 */
export interface PersonFactors {
  /** The authenticator apps and e-mail codes in use (`GET /persons/me/credentials`). */
  credentials(personId: string): Promise<MfaCredentials>;
  /** The passkeys in use, oldest first (`GET /persons/me/passkeys`). */
  passkeys(personId: string): Promise<Passkeys>;
  /** The recovery codes' count (`GET /persons/me/recovery-codes`). */
  recoveryCodes(personId: string): Promise<RecoveryCodesStatus>;
}
