// Apart from the schemas (text-fields.ts): the web app's forms read these numbers and the
// character rule without loading effect's Schema.

/**
 * Limits of every text a caller sends, and the one rule for what a single line of
 * text may hold. The request schemas of this package carry them (so the OpenAPI
 * document shows them), `@portal/core`'s validation rules read the same numbers, and
 * each check names the error code of the spec's catalogue the API answers with
 * (annotation `errorCode`, read by the server's decoder).
 *
 * Maximum lengths, in characters (code points):
 *
 * | field | max | why |
 * |---|---|---|
 * | givenName, surName/surname, position, department, title, e-mail addresses | 255 | spec section 9, "Text max length 255" |
 * | password (new) | 60 | password policy, spec section 5 |
 * | oldPassword | 128 | a stored password was set under the policy; room for older policies |
 * | personalPassword, generalPassword (membership) | 64 | issued passwords have 14 characters |
 * | mitgliedskennung, memberNumber | 20 digits | issued IDs have 10 digits |
 * | crefonummer, unverifiedCrefonummer | 10 digits | the company register's numbers have ten digits |
 * | telephone countryDialingCode | 5 (`+` and up to 4 digits) | ITU codes have at most 4 digits |
 * | telephone areaDialingCode | 6 digits | longest national area codes |
 * | telephone subscriberNumber | 12 digits | E.164 allows 15 digits in all |
 * | telephone extensionNumber | 6 digits | office extensions |
 * | dateOfBirth | 10 | `YYYY-MM-DD` |
 * | preferredLanguage | 5 | `de-AT`, `fr-LU` |
 * | mailed tokens (confirmationToken, optOutToken, passwordResetToken) | 128 | tokens have 43 characters |
 * | postRegistrationTargetKey (prk), web-target key | 64 | keys are short names such as `MC` |
 * | postRegistrationToken (prt) | 512 | an opaque value of the system the person came from |
 *
 * Single-line text (every field above but passwords) never holds control or invisible
 * characters: C0 controls (NUL, TAB, CR, LF, ...), DEL, C1 controls, the line and
 * paragraph separators U+2028/U+2029, format characters (bidirectional overrides and
 * isolates, zero-width space/joiners, word joiner, BOM, soft hyphen, tag characters)
 * and lone surrogates. They break mail headers and log lines, hide text in names, or
 * reorder what a reader sees. New passwords are held to the policy's alphabet instead.
 *
 * @example
 * hasForbiddenTextCharacters("Erika\u202E"); // true
 * MAX_LENGTHS.subscriberNumber; // 12
 */
export const MAX_LENGTHS = {
  text: 255,
  email: 255,
  newPassword: 60,
  oldPassword: 128,
  membershipPassword: 64,
  mitgliedskennung: 20,
  memberNumber: 20,
  crefonummer: 10,
  countryDialingCode: 5,
  areaDialingCode: 6,
  subscriberNumber: 12,
  extensionNumber: 6,
  dateOfBirth: 10,
  preferredLanguage: 5,
  mailToken: 128,
  // A 6-digit app code or a recovery code with its dashes and spaces.
  secondFactorCode: 40,
  webTargetKey: 64,
  postRegistrationToken: 512,
} as const;

// Cc: C0, DEL, C1; Cf: bidi controls, zero-width characters, BOM, soft hyphen, tags;
// Cs: a surrogate not part of a pair (the u flag reads pairs as one code point);
// Zl/Zp: U+2028, U+2029.
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * True when `value` holds a character no single line of text may hold (see the module
 * header): controls, line breaks, invisible format characters, lone surrogates.
 *
 * @example
 * hasForbiddenTextCharacters("Anna\nLena"); // true
 * hasForbiddenTextCharacters("Zoë O'Brien"); // false
 */
export const hasForbiddenTextCharacters = (value: string): boolean => FORBIDDEN.test(value);

/**
 * Length in code points, as a person counts characters (an emoji is one).
 *
 * @example
 * textLength("👩"); // 1
 */
export const textLength = (value: string): number => {
  let n = 0;
  for (const _ of value) n++;
  return n;
};
