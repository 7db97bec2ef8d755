// Business constants and limits of spec section 9, in one place so every package
// reads the same numbers (field lengths: the contracts' MAX_LENGTHS, re-exported by
// validation/text-limits.ts). No import here: the boot chunk of the web app reads this
// module, and the contracts would bring Effect Schema into it.

/** Minimum password length of the policy. @example password.length >= PASSWORD_MIN_LENGTH */
export const PASSWORD_MIN_LENGTH = 10;
/**
 * Maximum password length of the policy.
 *
 * @example
 * password.length <= PASSWORD_MAX_LENGTH; // at most 60
 */
export const PASSWORD_MAX_LENGTH = 60;
/**
 * Below this length the strength meter is always red.
 *
 * @example
 * password.length < STRENGTH_METER_MIN_LENGTH; // red below 8
 */
export const STRENGTH_METER_MIN_LENGTH = 8;
/**
 * Days an account-deletion link stays valid.
 *
 * @example
 * expiresAt = now + DELETION_LINK_DAYS * 24 * 60 * 60 * 1000;
 */
export const DELETION_LINK_DAYS = 10;
/**
 * Refresh the token before a request when fewer than this many seconds remain.
 *
 * @example
 * await session.token(TOKEN_REFRESH_MIN_VALIDITY);
 */
export const TOKEN_REFRESH_MIN_VALIDITY = 10;
/**
 * The identity library's own default minimum validity (seconds).
 *
 * @example
 * keycloak.updateToken(IDENTITY_REFRESH_DEFAULT_MIN_VALIDITY);
 */
export const IDENTITY_REFRESH_DEFAULT_MIN_VALIDITY = 5;
/**
 * Session check interval of the identity library (seconds).
 *
 * @example
 * keycloak.init({ checkLoginIframeInterval: SESSION_CHECK_INTERVAL_SECONDS });
 */
export const SESSION_CHECK_INTERVAL_SECONDS = 5;
/**
 * Timeout for messages from the identity provider's iframes (ms).
 *
 * @example
 * keycloak.init({ messageReceiveTimeout: IDENTITY_MESSAGE_TIMEOUT_MS });
 */
export const IDENTITY_MESSAGE_TIMEOUT_MS = 10_000;
/**
 * Stored login state expires after this long (ms): one hour.
 *
 * @example
 * Date.now() - state.createdAt > LOGIN_STATE_MAX_AGE_MS; // expired
 */
export const LOGIN_STATE_MAX_AGE_MS = 60 * 60 * 1000;
/**
 * Same expiry when the login state is kept in a cookie (minutes).
 *
 * @example
 * cookie max-age = LOGIN_STATE_COOKIE_MINUTES * 60
 */
export const LOGIN_STATE_COOKIE_MINUTES = 60;
/**
 * Length of the PKCE code verifier.
 *
 * @example
 * randomString(PKCE_VERIFIER_LENGTH);
 */
export const PKCE_VERIFIER_LENGTH = 96;
/**
 * Upper bound of the back-off between consent lookups (ms).
 *
 * @example
 * delay = Math.min(delay * 2, CONSENT_LOOKUP_MAX_BACKOFF_MS);
 */
export const CONSENT_LOOKUP_MAX_BACKOFF_MS = 60_000;
/**
 * The page-ready flag turns true this long after the last pending work ends (ms).
 *
 * @example
 * setTimeout(markReady, PAGE_READY_DELAY_MS);
 */
export const PAGE_READY_DELAY_MS = 1500;
/**
 * Company autocomplete starts at this many characters.
 *
 * @example
 * term.length >= AUTOCOMPLETE_MIN_CHARS && search(term);
 */
export const AUTOCOMPLETE_MIN_CHARS = 3;
/**
 * Company autocomplete waits this long after the last keystroke (ms).
 *
 * @example
 * debounce(search, AUTOCOMPLETE_DELAY_MS);
 */
export const AUTOCOMPLETE_DELAY_MS = 500;
/**
 * Reported error texts are cut to this many characters.
 *
 * @example
 * text.slice(0, ERROR_TEXT_CAP);
 */
export const ERROR_TEXT_CAP = 250;
/**
 * Texts shorter than this are reported as they are (no masking).
 *
 * @example
 * text.length < ERROR_TEXT_MASK_MIN_LENGTH; // reported as is
 */
export const ERROR_TEXT_MASK_MIN_LENGTH = 10;
/**
 * Number of entries in the birth-year list (current year back 100 years).
 *
 * @example
 * yearOptions(clock).length === YEAR_OPTION_COUNT; // 101
 */
export const YEAR_OPTION_COUNT = 101;
/**
 * Display format of dates.
 *
 * @example
 * formatDate("2024-03-05"); // "05.03.2024", i.e. DATE_DISPLAY_FORMAT
 */
export const DATE_DISPLAY_FORMAT = "DD.MM.YYYY";
/**
 * Lifetime of the language cookie (seconds): one year.
 *
 * @example
 * `Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}`; // one year
 */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
