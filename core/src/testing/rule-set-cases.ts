import { expect, it } from "vitest";
import type { FormValues } from "../validation/generic-rules.js";
import { type RuleSet, validateForm } from "../validation/validate.js";

/** One rule-set case: form values over a valid base and the expected key per failing field. */
export type RuleSetCase = {
  name: string;
  values: FormValues;
  errors: Record<string, string | undefined>;
};

/** Runs rule-set cases as a table: fields not named in `errors` must pass. */
export const runRuleSetCases = (ruleSet: RuleSet, base: FormValues, cases: RuleSetCase[]) =>
  it.each(cases)("$name", ({ values, errors }) => {
    const result = validateForm(ruleSet, { ...base, ...values });
    const keys = Object.fromEntries(
      Object.entries(result)
        .filter(([, m]) => m !== undefined)
        .map(([f, m]) => [f, m?.key]),
    );
    expect(keys).toEqual(errors);
  });
