import { differsFrom, emailRules, passwordPolicy } from "./form-rules.js";
import { confirmed, required, validateNumeric } from "./generic-rules.js";
import type { RuleSet } from "./validate.js";

const mail = emailRules;

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
