import type { FormValues, Rule } from "./generic-rules.js";
import type { ValidationMessage } from "./messages.js";

/** The rules of each field of a form, checked in order. */
export type RuleSet = Readonly<Record<string, ReadonlyArray<Rule>>>;

/** The first failing message of each field, or undefined when it passes. */
export type FormErrors = Record<string, ValidationMessage | undefined>;

/**
 * Checks one field: returns the first failing rule's message (validation bails on
 * the first error), or undefined.
 *
 * @example
 * validateField(personalDataRules.givenName ?? [], "", {}, "givenName");
 * // { key: "Validation.required", params: { field: "Fields.givenName" } }
 */
export const validateField = (
  rules: ReadonlyArray<Rule>,
  value: unknown,
  values: object,
  field = "",
): ValidationMessage | undefined => {
  for (const rule of rules) {
    const message = rule.check(value, values as FormValues, field);
    if (message) return message;
  }
  return undefined;
};

/**
 * Checks every field of a rule set against the form values, in the rule set's order.
 *
 * @example
 * validateForm(passwordForgottenRules, { email: "x" });
 * // { email: { key: "Validation.email", params: { field: "Fields.email" } } }
 */
export const validateForm = (ruleSet: RuleSet, values: object): FormErrors => {
  // Any form model object works (interfaces such as PersonForm have no index signature).
  const all = values as FormValues;
  const errors: FormErrors = {};
  for (const [field, rules] of Object.entries(ruleSet)) {
    errors[field] = validateField(rules, all[field], all, field);
  }
  return errors;
};

/** True when no field of the result has a message. */
export const isFormValid = (errors: FormErrors): boolean =>
  Object.values(errors).every((m) => m === undefined);
