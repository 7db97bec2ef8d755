import { checkPasswordAgainst, loadedPasswordBlocklist } from "../password-rules.js";
import {
  asciiOnly,
  email,
  isRealDate,
  max,
  personName,
  type Rule,
  required,
  singleLine,
} from "./generic-rules.js";
import { TEXT_MAX_LENGTH } from "./text-limits.js";

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/**
 * Passes when the three birthdate parts are all empty or give a real date
 * (used on the day field; the parts are validated together).
 *
 * @example
 * birthdateIsDate("birthdayDay", "birthdayMonth", "birthdayYear").check("31", { birthdayMonth: "02", birthdayYear: "2000" }, "birthdayDay");
 * // { key: "Validation.birthdate", ... }
 */
export const birthdateIsDate = (day: string, month: string, year: string): Rule => ({
  name: "birthdate_is_date",
  check: (_value, values, field) => {
    const [d, m, y] = [text(values[day]), text(values[month]), text(values[year])];
    if (d === "" || m === "" || y === "") return undefined;
    const iso = `${y.padStart(4, "0")}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
    return isRealDate(iso)
      ? undefined
      : { key: "Validation.birthdate", params: { field: `Fields.${field}` } };
  },
});

/**
 * The password meets the policy; names and e-mail for the trivial-value check come
 * from the form values (givenName, surName or surname, email or currentEmail), the
 * current password from oldPassword (the change-password form: the server refuses it as
 * the new one).
 *
 * @example
 * passwordPolicy().check("short", {}, "password");
 * // { key: "Validation.password", params: { field: "Fields.password", code: "PASSWORD_TOO_SHORT" } }
 */
export const passwordPolicy = (): Rule => ({
  name: "password_policy",
  check: (value, values, field) => {
    const password = typeof value === "string" ? value : "";
    if (password === "") return undefined;
    // The browser's forms: the blocklist once loaded (pages with a password field load
    // it after first paint); the server checks the full list in any case.
    const result = checkPasswordAgainst(
      password,
      {
        givenName: text(values.givenName),
        surName: text(values.surName) || text(values.surname),
        email: text(values.email) || text(values.currentEmail),
        // Not trimmed: a password is compared as typed.
        currentPassword: typeof values.oldPassword === "string" ? values.oldPassword : "",
      },
      loadedPasswordBlocklist(),
    );
    const code = result.errorCodes[0];
    return code
      ? { key: "Validation.password", params: { field: `Fields.${field}`, code } }
      : undefined;
  },
});

/**
 * The new e-mail differs from the current one (field `other`), case-insensitive:
 * 'The email address corresponds to the one currently used.'
 *
 * @example
 * differsFrom("currentEmail").check("A@x.de", { currentEmail: "a@x.de" }, "newEmail");
 * // { key: "Validation.emailUnchanged", ... }
 */
export const differsFrom = (other: string): Rule => ({
  name: "differs_from",
  check: (value, values, field) =>
    text(value) !== "" && text(value).toLowerCase() === text(values[other]).toLowerCase()
      ? { key: "Validation.emailUnchanged", params: { field: `Fields.${field}` } }
      : undefined,
});

/**
 * When a company search value is typed, a company must have been chosen from the
 * suggestion list (the field `chosen`, e.g. crefonummer, is set).
 *
 * @example
 * companyChosen("crefonummer").check("Muster", { crefonummer: "" }, "companySearch");
 * // { key: "Validation.companyNotChosen", ... }
 */
export const companyChosen = (chosen: string): Rule => ({
  name: "company_chosen",
  check: (value, values, field) =>
    text(value) !== "" && text(values[chosen]) === ""
      ? { key: "Validation.companyNotChosen", params: { field: `Fields.${field}` } }
      : undefined,
});

/**
 * The rules of a person name field: required, single_line, person_name, max 255.
 *
 * @example
 * validateField(personNameRules(), "", {}, "givenName")?.key; // "Validation.required"
 */
export const personNameRules = (): ReadonlyArray<Rule> => [
  required(),
  singleLine(),
  personName(),
  max(TEXT_MAX_LENGTH),
];

/**
 * The rules of an e-mail field: required, single_line, standard pattern, no invalid
 * (non-ASCII) characters, max 255.
 *
 * @example
 * validateField(emailRules(), "erika@", {}, "email")?.key; // "Validation.email"
 */
export const emailRules = (): ReadonlyArray<Rule> => [
  required(),
  singleLine(),
  email(),
  asciiOnly(),
  max(TEXT_MAX_LENGTH),
];
