import { MAX_LENGTHS, SALUTATIONS, TITLES } from "@portal/contracts";
import { companyChosen, emailRules, passwordPolicy, personNameRules } from "./form-rules.js";
import {
  confirmed,
  included,
  max,
  required,
  requiredIf,
  singleLine,
  validateNumeric,
} from "./generic-rules.js";
import type { RuleSet } from "./validate.js";

const name = personNameRules;
const mail = emailRules;

/**
 * Registration form: names, e-mail, password (policy, with names and e-mail for the
 * trivial check) and its confirmation ('does not match Password'), terms of use
 * required, the member fields required when withCto is set (mitgliedsnummer,
 * mitgliedskennung and memberUserId digits only, at most 20; the membership passwords
 * at most 64), and a typed company search value
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
  companySearch: [singleLine(), companyChosen("crefonummer")],
  mitgliedsnummer: [requiredIf("withCto"), validateNumeric(), max(MAX_LENGTHS.memberNumber)],
  mitgliedskennung: [requiredIf("withCto"), validateNumeric(), max(MAX_LENGTHS.mitgliedskennung)],
  generalPassword: [requiredIf("withCto"), max(MAX_LENGTHS.membershipPassword)],
  personalPassword: [requiredIf("withCto"), max(MAX_LENGTHS.membershipPassword)],
  termsAccepted: [required()],
};
