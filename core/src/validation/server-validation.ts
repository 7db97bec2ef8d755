import {
  type ErrorCode,
  type ErrorEntry,
  MAX_LENGTHS,
  type Person,
  PREFERRED_LANGUAGES,
  type RegistrationPayload,
  TITLES,
} from "@portal/contracts";
import { isKnownDialingCode } from "../dialing-options.js";
import { checkPassword } from "../password-policy.js";
import { type Clock, systemClock } from "../ports/clock.port.js";
import { isValidBirthdate } from "./birthdate-rules.js";
import {
  isAreaCode,
  isAsciiOnly,
  isEmail,
  isNumeric,
  isPersonName,
  isSingleLine,
} from "./generic-rules.js";
import { TEXT_MAX_LENGTH } from "./text-limits.js";

const entry = (errorCode: ErrorCode, field: string): ErrorEntry => ({ errorCode, field });
const blank = (v: string | null | undefined): boolean => (v ?? "").trim() === "";
const longerThan = (v: string | null | undefined, max: number): boolean =>
  [...(v ?? "")].length > max;
const tooLong = (v: string | null | undefined): boolean => longerThan(v, TEXT_MAX_LENGTH);
// Checked on the raw value: trimming would hide a trailing line break.
const notSingleLine = (v: string | null | undefined): boolean => !isSingleLine(v ?? "");

/** givenName / surName: missing, too long, single_line and person_name; as the form. */
const nameErrors = (
  value: string | null | undefined,
  field: string,
  codes: { missing: ErrorCode; tooLong: ErrorCode },
): ErrorEntry[] => {
  if (blank(value)) return [entry(codes.missing, field)];
  if (tooLong(value)) return [entry(codes.tooLong, field)];
  if (notSingleLine(value) || !isPersonName(value ?? "")) return [entry("INVALID_NAME", field)];
  return [];
};

const FIRST = { missing: "FIRSTNAME_MISSING", tooLong: "FIRSTNAME_TOO_LONG" } as const;
const LAST = { missing: "LASTNAME_MISSING", tooLong: "LASTNAME_TOO_LONG" } as const;

// Each part's own code when it is too long or holds a control character.
const PHONE_PARTS = [
  ["countryDialingCode", "PHONE_COUNTRYCODE_INVALID"],
  ["areaDialingCode", "PHONE_AREA_CODE_INVALID"],
  ["subscriberNumber", "PHONE_SUBSCRIBER_NUMBER_INVALID"],
  ["extensionNumber", "PHONE_EXTENTION_NUMBER_INVALID"],
] as const;

const phoneErrors = (phone: Person["telephoneNumber"]): ErrorEntry[] => {
  if (phone === null) return [];
  const f = "telephoneNumber";
  const malformed = PHONE_PARTS.filter(
    ([part]) => notSingleLine(phone[part]) || longerThan(phone[part], MAX_LENGTHS[part]),
  );
  if (malformed.length > 0) return malformed.map(([part, code]) => entry(code, `${f}/${part}`));
  const country = (phone.countryDialingCode ?? "").trim();
  const area = (phone.areaDialingCode ?? "").trim();
  const subscriber = (phone.subscriberNumber ?? "").trim();
  const extension = (phone.extensionNumber ?? "").trim();
  const errors: ErrorEntry[] = [];
  // validate_phone: country, area and subscriber number together.
  if (country === "" || area === "" || subscriber === "")
    errors.push(entry("PHONE_NUMBER_INVALID", f));
  if (country !== "" && !isKnownDialingCode(country))
    errors.push(entry("PHONE_COUNTRYCODE_INVALID", `${f}/countryDialingCode`));
  if (area !== "" && !isAreaCode(area))
    errors.push(entry("PHONE_AREA_CODE_INVALID", `${f}/areaDialingCode`));
  if (subscriber !== "" && !isNumeric(subscriber))
    errors.push(entry("PHONE_SUBSCRIBER_NUMBER_INVALID", `${f}/subscriberNumber`));
  if (extension !== "" && !isNumeric(extension))
    errors.push(entry("PHONE_EXTENTION_NUMBER_INVALID", `${f}/extensionNumber`));
  return errors;
};

/**
 * Server-side check of a person's editable fields with the same rules as the
 * personal data form, as API error entries (in field order): FIRSTNAME_MISSING /
 * FIRSTNAME_TOO_LONG / INVALID_NAME, LASTNAME_*, INVALID_TITLE, INVALID_BIRTHDATE (not a
 * real date, or in the future by `clock`),
 * PHONE_NUMBER_INVALID (incomplete), PHONE_COUNTRYCODE_INVALID, PHONE_AREA_CODE_INVALID,
 * PHONE_SUBSCRIBER_NUMBER_INVALID, PHONE_EXTENTION_NUMBER_INVALID (also for a part over
 * its maximum length or with a control character), INVALID_CREFONUMMER for an
 * unverifiedCrefonummer that is not 1 to 10 digits, INVALID_CHARACTERS for line breaks,
 * control or invisible characters in position or department, and INVALID_REQUEST for
 * position, department or preferredLanguage over 255 characters. Empty: valid.
 *
 * @example
 * validatePersonFields({ ...person, givenName: "" }); // [{ errorCode: "FIRSTNAME_MISSING", field: "givenName" }]
 */
export const validatePersonFields = (
  person: Pick<
    Person,
    | "givenName"
    | "surName"
    | "title"
    | "dateOfBirth"
    | "telephoneNumber"
    | "position"
    | "department"
    | "preferredLanguage"
    | "unverifiedCrefonummer"
  >,
  clock: Clock = systemClock,
): ErrorEntry[] => [
  ...nameErrors(person.givenName, "givenName", FIRST),
  ...nameErrors(person.surName, "surName", LAST),
  ...(person.title !== null && !(TITLES as ReadonlyArray<string>).includes(person.title)
    ? [entry("INVALID_TITLE", "title")]
    : []),
  ...(person.dateOfBirth !== null && !isValidBirthdate(person.dateOfBirth, clock)
    ? [entry("INVALID_BIRTHDATE", "dateOfBirth")]
    : []),
  ...phoneErrors(person.telephoneNumber),
  ...(person.unverifiedCrefonummer !== null && !isCrefonummer(person.unverifiedCrefonummer)
    ? [entry("INVALID_CREFONUMMER", "unverifiedCrefonummer")]
    : []),
  ...(["position", "department", "preferredLanguage"] as const).flatMap((f) =>
    notSingleLine(person[f])
      ? [entry("INVALID_CHARACTERS", f)]
      : tooLong(person[f])
        ? [entry("INVALID_REQUEST", f)]
        : [],
  ),
];

/** A crefonummer: digits only, at most the register's ten. */
const isCrefonummer = (value: string): boolean =>
  isNumeric(value) && value.length <= MAX_LENGTHS.crefonummer;

/**
 * Server-side check of a registration payload with the same rules as the
 * registration form: names (as {@link validatePersonFields}, field `surname`),
 * INVALID_TITLE, e-mail (FIELD_EMPTY when missing, EMAIL_NOT_VALID for the pattern,
 * ascii_only or over 255), the password policy's codes (with names and e-mail for
 * PASSWORD_TRIVIAL_VALUES; NEW_PASSWORD_MISSING when empty), crefonummer 1 to 10 digits
 * (INVALID_CREFONUMMER), membership credentials complete (CTO_ZUGANGSDATEN_INVALID)
 * with a mitgliedskennung of at most 20 digits (INVALID_MEMBER_USER_ID), preferredLanguage one of
 * the five (INVALID_REQUEST).
 *
 * @example
 * validateRegistration({ ...payload, email: "x" }); // [{ errorCode: "EMAIL_NOT_VALID", field: "email" }]
 */
export const validateRegistration = (payload: RegistrationPayload): ErrorEntry[] => {
  const errors: ErrorEntry[] = [
    ...nameErrors(payload.givenName, "givenName", FIRST),
    ...nameErrors(payload.surname, "surname", LAST),
  ];
  if (payload.title !== undefined && !(TITLES as ReadonlyArray<string>).includes(payload.title))
    errors.push(entry("INVALID_TITLE", "title"));
  const mail = (payload.email ?? "").trim();
  if (mail === "") errors.push(entry("FIELD_EMPTY", "email"));
  else if (!isEmail(mail) || !isAsciiOnly(mail) || tooLong(mail) || notSingleLine(payload.email))
    errors.push(entry("EMAIL_NOT_VALID", "email"));
  if ((payload.password ?? "") === "") errors.push(entry("NEW_PASSWORD_MISSING", "password"));
  else
    for (const code of checkPassword(payload.password, {
      givenName: payload.givenName,
      surName: payload.surname,
      email: payload.email,
    }).errorCodes)
      errors.push(entry(code, "password"));
  if (payload.crefonummer !== undefined && !isCrefonummer(payload.crefonummer))
    errors.push(entry("INVALID_CREFONUMMER", "crefonummer"));
  const cto = payload.ctoZugangsdaten;
  if (cto !== undefined) {
    if (blank(cto.mitgliedskennung) || blank(cto.personalPassword) || blank(cto.generalPassword))
      errors.push(entry("CTO_ZUGANGSDATEN_INVALID", "ctoZugangsdaten"));
    else if (
      !isNumeric(cto.mitgliedskennung) ||
      cto.mitgliedskennung.length > MAX_LENGTHS.mitgliedskennung
    )
      errors.push(entry("INVALID_MEMBER_USER_ID", "ctoZugangsdaten/mitgliedskennung"));
  }
  if (
    payload.preferredLanguage !== undefined &&
    !(PREFERRED_LANGUAGES as ReadonlyArray<string>).includes(payload.preferredLanguage)
  )
    errors.push(entry("INVALID_REQUEST", "preferredLanguage"));
  return errors;
};
