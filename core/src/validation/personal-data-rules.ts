import { MAX_LENGTHS, SALUTATIONS, TITLES } from "@portal/contracts";
import { birthdateNotFuture } from "./birthdate-rules.js";
import { birthdateIsDate, personNameRules } from "./form-rules.js";
import {
  included,
  max,
  type Rule,
  required,
  requiredWithAny,
  singleLine,
  validateAreacode,
  validateNumeric,
} from "./generic-rules.js";
import { countryCode } from "./phone-rules.js";
import { TEXT_MAX_LENGTH } from "./text-limits.js";
import type { RuleSet } from "./validate.js";

const BIRTHDATE = ["birthdayDay", "birthdayMonth", "birthdayYear"] as const;
const PHONE = ["phoneCountry", "phoneArea", "phoneSubscriber", "phoneExtension"] as const;
const others = (all: ReadonlyArray<string>, self: string) => all.filter((f) => f !== self);
// validate_birthdate / validate_phone: required when any related part is filled.
const birthdate = (self: string): Rule =>
  requiredWithAny("validate_birthdate", "Validation.birthdate", others(BIRTHDATE, self));
const phone = (self: string): Rule =>
  requiredWithAny("validate_phone", "Validation.phone", others(PHONE, self));
const name = personNameRules;

/**
 * Personal data form (spec section 5): title max 255; givenName and surName required,
 * max 255, person_name; salutation required, one of MS, MR, MX, UNKNOWN; position,
 * department, preferredLanguage max 255; phone country, area and subscriber number
 * validated together (extension optional); area code per area-code rule; subscriber
 * and extension numeric; the three birthdate parts validated together (a real date, not
 * in the future). Lengths of the phone parts (area 6, subscriber 12, extension 6) and the
 * single-line rule of position and department come from the contracts (`MAX_LENGTHS`).
 */
export const personalDataRules: RuleSet = {
  salutation: [required(), included(SALUTATIONS)],
  title: [included(TITLES), max(TEXT_MAX_LENGTH)],
  givenName: name(),
  surName: name(),
  birthdayDay: [
    birthdate("birthdayDay"),
    validateNumeric(),
    birthdateIsDate(...BIRTHDATE),
    birthdateNotFuture(...BIRTHDATE),
  ],
  birthdayMonth: [birthdate("birthdayMonth"), validateNumeric()],
  birthdayYear: [birthdate("birthdayYear"), validateNumeric()],
  phoneCountry: [phone("phoneCountry"), countryCode()],
  phoneArea: [phone("phoneArea"), validateAreacode(), max(MAX_LENGTHS.areaDialingCode)],
  phoneSubscriber: [phone("phoneSubscriber"), validateNumeric(), max(MAX_LENGTHS.subscriberNumber)],
  phoneExtension: [validateNumeric(), max(MAX_LENGTHS.extensionNumber)],
  position: [singleLine(), max(TEXT_MAX_LENGTH)],
  department: [singleLine(), max(TEXT_MAX_LENGTH)],
  preferredLanguage: [max(TEXT_MAX_LENGTH)],
};
