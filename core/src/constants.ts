// Business constants and limits of spec section 9, in one place so every package
// reads the same numbers.

/** Minimum password length of the policy. @example password.length >= PASSWORD_MIN_LENGTH */
export const PASSWORD_MIN_LENGTH = 10;
/** Maximum password length of the policy. */
export const PASSWORD_MAX_LENGTH = 60;
/** Below this length the strength meter is always red. */
export const STRENGTH_METER_MIN_LENGTH = 8;
/** Maximum length of free-text fields. */
export const TEXT_MAX_LENGTH = 255;
/** Days an account-deletion link stays valid. */
export const DELETION_LINK_DAYS = 10;
/** Refresh the token before a request when fewer than this many seconds remain. */
export const TOKEN_REFRESH_MIN_VALIDITY = 10;
/** The identity library's own default minimum validity (seconds). */
export const IDENTITY_REFRESH_DEFAULT_MIN_VALIDITY = 5;
/** Session check interval of the identity library (seconds). */
export const SESSION_CHECK_INTERVAL_SECONDS = 5;
/** Timeout for messages from the identity provider's iframes (ms). */
export const IDENTITY_MESSAGE_TIMEOUT_MS = 10_000;
/** Stored login state expires after this long (ms): one hour. */
export const LOGIN_STATE_MAX_AGE_MS = 60 * 60 * 1000;
/** Same expiry when the login state is kept in a cookie (minutes). */
export const LOGIN_STATE_COOKIE_MINUTES = 60;
/** Length of the PKCE code verifier. */
export const PKCE_VERIFIER_LENGTH = 96;
/** Upper bound of the back-off between consent lookups (ms). */
export const CONSENT_LOOKUP_MAX_BACKOFF_MS = 60_000;
/** The page-ready flag turns true this long after the last pending work ends (ms). */
export const PAGE_READY_DELAY_MS = 1500;
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
/** Display format of dates. */
export const DATE_DISPLAY_FORMAT = "DD.MM.YYYY";
/** Lifetime of the language cookie (seconds): one year. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
