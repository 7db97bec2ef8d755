import { MAX_LENGTHS } from "@portal/contracts";
import { differsFrom, emailRules, passwordPolicy } from "./form-rules.js";
import { confirmed, max, required, validateNumeric } from "./generic-rules.js";
import type { RuleSet } from "./validate.js";

const mail = emailRules;

/**
 * Membership form: the membership ID (digits, at most 20) with its personal and general
 * password (at most 64 characters each).
 */
export const membershipRules: RuleSet = {
  mitgliedskennung: [required(), validateNumeric(), max(MAX_LENGTHS.mitgliedskennung)],
  personalPassword: [required(), max(MAX_LENGTHS.membershipPassword)],
  generalPassword: [required(), max(MAX_LENGTHS.membershipPassword)],
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

/** Password change: old password, new password by policy, confirmation. */
export const changePasswordRules: RuleSet = {
  oldPassword: [required(), max(MAX_LENGTHS.oldPassword)],
  newPassword: [required(), passwordPolicy()],
  confirmationPassword: [required(), confirmed("newPassword")],
};

/** Password reset (from the e-mail link): new password by policy, confirmation. */
export const passwordResetRules: RuleSet = {
  newPassword: [required(), passwordPolicy()],
  confirmationPassword: [required(), confirmed("newPassword")],
};

/** Password forgotten: the e-mail address. */
export const passwordForgottenRules: RuleSet = {
  email: mail(),
};

/**
 * Restoring a closed account (from its confirmation mail): the password, and the code of a
 * second factor when the account has one (optional here: the server says when it is needed).
 */
export const restoreAccountRules: RuleSet = {
  password: [required(), max(MAX_LENGTHS.oldPassword)],
  code: [max(MAX_LENGTHS.secondFactorCode)],
};
