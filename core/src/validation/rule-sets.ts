import { SALUTATIONS, TITLES } from "@portal/contracts";
import { TEXT_MAX_LENGTH } from "../constants.js";
import {
  birthdateIsDate,
  companyChosen,
  countryCode,
  differsFrom,
  passwordPolicy,
} from "./form-rules.js";
import {
  asciiOnly,
  confirmed,
  email,
  included,
  max,
  personName,
  type Rule,
  required,
  requiredIf,
  requiredWithAny,
  validateAreacode,
  validateNumeric,
} from "./generic-rules.js";
import type { RuleSet } from "./validate.js";

const BIRTHDATE = ["birthdayDay", "birthdayMonth", "birthdayYear"];
const PHONE = ["phoneCountry", "phoneArea", "phoneSubscriber", "phoneExtension"];
const others = (all: ReadonlyArray<string>, self: string) => all.filter((f) => f !== self);
const birthdate = (self: string): Rule =>
  requiredWithAny("validate_birthdate", "Validation.birthdate", others(BIRTHDATE, self));
const phone = (self: string): Rule =>
  requiredWithAny("validate_phone", "Validation.phone", others(PHONE, self));
const name = (): ReadonlyArray<Rule> => [required(), personName(), max(TEXT_MAX_LENGTH)];
const mail = (): ReadonlyArray<Rule> => [required(), email(), asciiOnly(), max(TEXT_MAX_LENGTH)];

/**
 * Personal data form (spec section 5): title max 255; givenName and surName required,
 * max 255, person_name; salutation required, one of MS, MR, MX, UNKNOWN; position,
 * department, preferredLanguage max 255; phone country, area and subscriber number
 * validated together (extension optional); area code per area-code rule; subscriber
 * and extension numeric; the three birthdate parts validated together.
 *
 * @example
 * validateForm(personalDataRules, personToForm(person));
 */
export const personalDataRules: RuleSet = {
  salutation: [required(), included(SALUTATIONS)],
  title: [included(TITLES), max(TEXT_MAX_LENGTH)],
  givenName: name(),
  surName: name(),
  birthdayDay: [
    birthdate("birthdayDay"),
    validateNumeric(),
    birthdateIsDate(...(BIRTHDATE as [string, string, string])),
  ],
  birthdayMonth: [birthdate("birthdayMonth"), validateNumeric()],
  birthdayYear: [birthdate("birthdayYear"), validateNumeric()],
  phoneCountry: [phone("phoneCountry"), countryCode()],
  phoneArea: [phone("phoneArea"), validateAreacode()],
  phoneSubscriber: [phone("phoneSubscriber"), validateNumeric()],
  phoneExtension: [validateNumeric()],
  position: [max(TEXT_MAX_LENGTH)],
  department: [max(TEXT_MAX_LENGTH)],
  preferredLanguage: [max(TEXT_MAX_LENGTH)],
};

/**
 * Registration form: names, e-mail, password (policy, with names and e-mail for the
 * trivial check) and its confirmation ('does not match Password'), terms of use
 * required, the member fields required when withCto is set (mitgliedsnummer,
 * mitgliedskennung and memberUserId digits only), and a typed company search value
 * needs a company chosen from the list (crefonummer).
 *
 * @example
 * validateForm(registrationRules, { ...values, withCto: true, mitgliedskennung: "" }).mitgliedskennung;
 * // { key: "Validation.required", params: { field: "Fields.mitgliedskennung" } }
 */
export const registrationRules: RuleSet = {
  salutation: [included(SALUTATIONS)],
  title: [included(TITLES)],
  givenName: name(),
  surname: name(),
  email: mail(),
  password: [required(), passwordPolicy()],
  confirmationPassword: [required(), confirmed("password")],
  companySearch: [companyChosen("crefonummer")],
  mitgliedsnummer: [requiredIf("withCto"), validateNumeric()],
  mitgliedskennung: [requiredIf("withCto"), validateNumeric()],
  generalPassword: [requiredIf("withCto")],
  personalPassword: [requiredIf("withCto")],
  termsAccepted: [required()],
};

/**
 * Membership form: the membership ID (digits) with its personal and general password.
 *
 * @example
 * validateForm(membershipRules, { mitgliedskennung: "12a", personalPassword: "p", generalPassword: "g" });
 */
export const membershipRules: RuleSet = {
  mitgliedskennung: [required(), validateNumeric()],
  personalPassword: [required()],
  generalPassword: [required()],
};

/**
 * E-mail change: a valid address without invalid characters that must differ from the
 * current one (`currentEmail` in the values).
 *
 * @example
 * validateForm(changeEmailRules, { newEmail: "a@x.de", currentEmail: "a@x.de" }).newEmail?.key;
 * // "Validation.emailUnchanged"
 */
export const changeEmailRules: RuleSet = {
  newEmail: [...mail(), differsFrom("currentEmail")],
};

/**
 * Password change: old password, new password by policy, confirmation.
 *
 * @example
 * validateForm(changePasswordRules, { oldPassword: "", newPassword: "", confirmationPassword: "" });
 */
export const changePasswordRules: RuleSet = {
  oldPassword: [required()],
  newPassword: [required(), passwordPolicy()],
  confirmationPassword: [required(), confirmed("newPassword")],
};

/**
 * Password reset (from the e-mail link): new password by policy, confirmation.
 *
 * @example
 * validateForm(passwordResetRules, { newPassword: "Sommer2024!x", confirmationPassword: "Sommer2024!x" });
 */
export const passwordResetRules: RuleSet = {
  newPassword: [required(), passwordPolicy()],
  confirmationPassword: [required(), confirmed("newPassword")],
};

/**
 * Password forgotten: the e-mail address.
 *
 * @example
 * validateForm(passwordForgottenRules, { email: "erika@example.de" }).email; // undefined
 */
export const passwordForgottenRules: RuleSet = {
  email: mail(),
};
