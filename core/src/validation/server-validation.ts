import {
  type ErrorCode,
  type ErrorEntry,
  type Person,
  PREFERRED_LANGUAGES,
  type RegistrationPayload,
  TITLES,
} from "@portal/contracts";
import { TEXT_MAX_LENGTH } from "../constants.js";
import { isKnownDialingCode } from "../form-options.js";
import { checkPassword } from "../password-policy.js";
import { type Clock, systemClock } from "../ports/clock.port.js";
import { isValidBirthdate } from "./birthdate-rules.js";
import { isAreaCode, isAsciiOnly, isEmail, isNumeric, isPersonName } from "./generic-rules.js";

const entry = (errorCode: ErrorCode, field: string): ErrorEntry => ({ errorCode, field });
const blank = (v: string | null | undefined): boolean => (v ?? "").trim() === "";
const tooLong = (v: string | null | undefined): boolean => [...(v ?? "")].length > TEXT_MAX_LENGTH;

/** givenName / surName: missing, too long, person_name; the same rules as the form. */
const nameErrors = (
  value: string | null | undefined,
  field: string,
  codes: { missing: ErrorCode; tooLong: ErrorCode },
): ErrorEntry[] => {
  if (blank(value)) return [entry(codes.missing, field)];
  if (tooLong(value)) return [entry(codes.tooLong, field)];
  if (!isPersonName(value ?? "")) return [entry("INVALID_NAME", field)];
  return [];
};

const FIRST = { missing: "FIRSTNAME_MISSING", tooLong: "FIRSTNAME_TOO_LONG" } as const;
const LAST = { missing: "LASTNAME_MISSING", tooLong: "LASTNAME_TOO_LONG" } as const;

const phoneErrors = (phone: Person["telephoneNumber"]): ErrorEntry[] => {
  if (phone === null) return [];
  const f = "telephoneNumber";
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
 * PHONE_SUBSCRIBER_NUMBER_INVALID, PHONE_EXTENTION_NUMBER_INVALID, and INVALID_REQUEST
 * for position, department or preferredLanguage over 255 characters. Empty: valid.
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
  ...(["position", "department", "preferredLanguage"] as const)
    .filter((f) => tooLong(person[f]))
    .map((f) => entry("INVALID_REQUEST", f)),
];

/**
 * Server-side check of a registration payload with the same rules as the
 * registration form: names (as {@link validatePersonFields}, field `surname`),
 * INVALID_TITLE, e-mail (FIELD_EMPTY when missing, EMAIL_NOT_VALID for the pattern,
 * ascii_only or over 255), the password policy's codes (with names and e-mail for
 * PASSWORD_TRIVIAL_VALUES; NEW_PASSWORD_MISSING when empty), crefonummer digits only
 * (INVALID_CREFONUMMER), membership credentials complete (CTO_ZUGANGSDATEN_INVALID)
 * with a numeric mitgliedskennung (INVALID_MEMBER_USER_ID), preferredLanguage one of
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
  else if (!isEmail(mail) || !isAsciiOnly(mail) || tooLong(mail))
    errors.push(entry("EMAIL_NOT_VALID", "email"));
  if ((payload.password ?? "") === "") errors.push(entry("NEW_PASSWORD_MISSING", "password"));
  else
    for (const code of checkPassword(payload.password, {
      givenName: payload.givenName,
      surName: payload.surname,
      email: payload.email,
    }).errorCodes)
      errors.push(entry(code, "password"));
  if (payload.crefonummer !== undefined && !isNumeric(payload.crefonummer))
    errors.push(entry("INVALID_CREFONUMMER", "crefonummer"));
  const cto = payload.ctoZugangsdaten;
  if (cto !== undefined) {
    if (blank(cto.mitgliedskennung) || blank(cto.personalPassword) || blank(cto.generalPassword))
      errors.push(entry("CTO_ZUGANGSDATEN_INVALID", "ctoZugangsdaten"));
    else if (!isNumeric(cto.mitgliedskennung))
      errors.push(entry("INVALID_MEMBER_USER_ID", "ctoZugangsdaten/mitgliedskennung"));
  }
  if (
    payload.preferredLanguage !== undefined &&
    !(PREFERRED_LANGUAGES as ReadonlyArray<string>).includes(payload.preferredLanguage)
  )
    errors.push(entry("INVALID_REQUEST", "preferredLanguage"));
  return errors;
};
