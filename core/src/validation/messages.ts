/**
 * Every message key a validation rule can return, with the spec's wording as the
 * comment. The web app's i18n test checks each key has a text in every language.
 * Texts may use the params `{field}` (the i18n key of the field's label,
 * `Fields.{name}`), `{length}`, `{other}`.
 */
export const VALIDATION_MESSAGE_KEYS = [
  /** '{field} is required.' */
  "Validation.required",
  /** '{field} is not valid.' */
  "Validation.invalid",
  /** 'must be a valid email' */
  "Validation.email",
  /** at least {length} characters */
  "Validation.min",
  /** 'must not exceed :{length} characters' */
  "Validation.max",
  /** exactly {length} digits */
  "Validation.digits",
  /** not one of the allowed values */
  "Validation.included",
  /** letters and digits only */
  "Validation.alphaNum",
  /** 'does not match Password' */
  "Validation.confirmed",
  /** only characters with codes up to 127 */
  "Validation.asciiOnly",
  /** 'contains invalid special characters' */
  "Validation.personName",
  /** line breaks, control or invisible characters in a single-line field */
  "Validation.singleLine",
  /** area code: digits only, no leading 0 */
  "Validation.areaCode",
  /** digits only */
  "Validation.numeric",
  /** the birthdate is incomplete or not a date */
  "Validation.birthdate",
  /** the birthdate lies in the future (INVALID_BIRTHDATE) */
  "Validation.birthdateFuture",
  /** the phone number is incomplete */
  "Validation.phone",
  /** unknown country dialling code */
  "Validation.countryCode",
  /** 'The email address corresponds to the one currently used.' */
  "Validation.emailUnchanged",
  /** a company must be chosen from the suggestion list */
  "Validation.companyNotChosen",
  /** the password does not meet the policy (param `code`: the first failing error code) */
  "Validation.password",
] as const;

/** One key of {@link VALIDATION_MESSAGE_KEYS}. */
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

/** What a failing rule returns: a message key and its parameters, never a sentence. */
export interface ValidationMessage {
  readonly key: ValidationMessageKey;
  readonly params?: Readonly<Record<string, string | number>>;
}
