// Business constants and limits of spec section 9 that code reads, in one place so every
// package reads the same numbers. Elsewhere: field lengths are the contracts' MAX_LENGTHS
// (re-exported by validation/text-limits.ts), the token refresh minimum is the identity
// port's TOKEN_MIN_VALIDITY_SECONDS. No import here: the boot chunk of the web app reads
// this module, and the contracts would bring Effect Schema into it.

/** Minimum password length of the policy. */
export const PASSWORD_MIN_LENGTH = 10;
/** Maximum password length of the policy. */
export const PASSWORD_MAX_LENGTH = 60;
/** Below this length the strength meter is always red. */
export const STRENGTH_METER_MIN_LENGTH = 8;
/** Days an account-deletion link stays valid. */
export const DELETION_LINK_DAYS = 10;
/** The page-ready flag turns true this long after the last pending work ends (ms). */
export const PAGE_READY_DELAY_MS = 1500;
/**
 * How long a choice made with keys in a language switch waits for another key before it
 * applies (ms): the app's switch and the provider pages' (login.js reads it from the page).
 */
export const LANGUAGE_KEY_PAUSE_MS = 1500;
/** Company autocomplete starts at this many characters. */
export const AUTOCOMPLETE_MIN_CHARS = 3;
/** Company autocomplete waits this long after the last keystroke (ms). */
export const AUTOCOMPLETE_DELAY_MS = 500;
/** Reported error texts are cut to this many characters. */
export const ERROR_TEXT_CAP = 250;
/** Texts shorter than this are reported as they are (no masking). */
export const ERROR_TEXT_MASK_MIN_LENGTH = 10;
/** Number of entries in the birth-year list (current year back 100 years). */
export const YEAR_OPTION_COUNT = 101;
/** Lifetime of the language cookie (seconds): one year. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/**
 * Cookie (value `1`, path the web app's base) a browser holds while it was signed in at
 * its last sign-in check: a layout hint only, no token. The server then sends a public page
 * without its prerendered visitor frame, and the app draws the signed-in layout at once
 * (no shift from the visitor's header to the account's).
 */
export const SESSION_HINT_COOKIE = "portal_signed_in";
/**
 * A sensitive change (removing a factor or passkey, new recovery codes, a new e-mail
 * address, a deletion request) needs a sign-in at most this many seconds ago: Keycloak's
 * default "max auth age" of its re-authentication (5 minutes).
 */
export const FRESH_SIGN_IN_SECONDS = 5 * 60;
/** Recovery codes in one set; a new set replaces the old one. */
export const RECOVERY_CODE_COUNT = 12;
/** With this many unused recovery codes or fewer, the person is warned to make new ones. */
export const RECOVERY_CODES_LOW = 3;

/**
 * How often a signed-in page asks whether its session still holds (spec section 9:
 * "session check interval 5 seconds"): a sign-out in another tab or on another device
 * ends the personal data shown here within this time.
 */
export const SESSION_CHECK_INTERVAL_MS = 5_000;

/**
 * Seconds between two resends of a mail (registration opt-in, e-mail change, deletion):
 * the web app's button counts them down, and the server refuses a second resend within
 * them with 429 and Retry-After, so a reload does not lift the wait.
 */
export const RESEND_COOLDOWN_SECONDS = 30;
