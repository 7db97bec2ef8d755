/**
 * The one rule for comparing e-mail addresses: every surface that stores, looks up or
 * rate-limits by an address normalises it the same way first.
 */

/**
 * An address as stored and compared: surrounding blanks gone, lower case.
 *
 * @example
 * normaliseEmail(" Anna.Muster@Example.ORG "); // "anna.muster@example.org"
 */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
