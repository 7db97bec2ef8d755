/**
 * Ends a person's sign-in sessions (and their refresh tokens). The identity provider
 * implements it; password reset, password change (other sessions) and account deletion
 * call it.
 */
export interface SessionRevoker {
  /**
   * Ends every session of `personId` except `exceptSessionId` (the caller's own, when given).
   * `again`: a second call for the same change (persons/end-sign-ins.ts), which reports
   * nothing new to the Shared Signals receivers.
   */
  revokeAllForPerson(
    personId: string,
    exceptSessionId?: string,
    options?: { readonly again?: boolean },
  ): Promise<void>;
}

/**
 * Whether the sign-in session an access token names (claim `sid`) is still open, asked of
 * the store every process shares: an ended session (logout, password change elsewhere,
 * account deletion) must stop its access tokens, not only its refresh tokens.
 */
export interface SessionStatus {
  isOpen(sid: string, personId: string): Promise<boolean>;
}
