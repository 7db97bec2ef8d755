/**
 * Ends a person's sign-in sessions (and their refresh tokens). The identity provider
 * implements it; password reset, password change (other sessions) and account deletion
 * call it.
 */
export interface SessionRevoker {
  /** Ends every session of `personId` except `exceptSessionId` (the caller's own, when given). */
  revokeAllForPerson(personId: string, exceptSessionId?: string): Promise<void>;
}
