import { PASSWORD_BLOCKLIST_TEXT } from "./data/password-blocklist.generated.js";
import {
  checkPasswordAgainst,
  isCommonPassword,
  type PasswordBlocklist,
  type PasswordCheck,
  type PasswordContext,
} from "./password-rules.js";

/*
 * The password policy with the full blocklist read at once: what the server, the CLI and
 * core's server-side validation check. The browser never imports this module (the list
 * would land on its pages' first load); it checks with the same rules and the same list,
 * loaded after first paint (`loadPasswordBlocklist` in `password-rules.ts`).
 */

let full: PasswordBlocklist | undefined;

/** The full blocklist shipped with core (see `data/password-blocklist.generated.ts`). */
export const passwordBlocklist = (): PasswordBlocklist => {
  full ??= new Set(PASSWORD_BLOCKLIST_TEXT.split("\n"));
  return full;
};

/**
 * True when the password, or its core of 4+ characters, is on the full blocklist.
 *
 * @example
 * isBlocklistedPassword("Password123!"); // true
 * isBlocklistedPassword("Sommer2024!xy"); // false
 */
export const isBlocklistedPassword = (password: string): boolean =>
  isCommonPassword(password, passwordBlocklist());

/**
 * Checks a password against the policy of spec section 5 with the full blocklist (see
 * {@link checkPasswordAgainst}): length 10 to 60; upper, lower, a digit or special; only
 * valid characters; not the person's name or e-mail; not a common password.
 *
 * @example
 * checkPassword("Sommer2024!x").ok; // true
 * checkPassword("Passwort12").errorCodes; // ["PASSWORD_TRIVIAL_VALUES"]
 */
export const checkPassword = (password: string, context: PasswordContext = {}): PasswordCheck =>
  checkPasswordAgainst(password, context, passwordBlocklist());
