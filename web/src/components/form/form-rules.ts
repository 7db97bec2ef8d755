import { createContext, useContext } from "react";

/** A message of the catalogue with its parameters (the form kit's unit of a field error). */
export interface FieldMessage {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** A form's rule check: the first message per failing field (core's rule sets). */
export type FormRules = (values: never) => Readonly<Record<string, FieldMessage | undefined>>;

/**
 * The rules of the surrounding {@link AppForm}. Formik's own errors only change on blur
 * and change (spec section 5), so the submit button checks the current values here
 * instead, and turns on while the last field is still being typed in.
 */
export const FormRulesContext = createContext<FormRules | null>(null);

/** The surrounding form's rules, or null outside an `AppForm`. */
export const useFormRules = (): FormRules | null => useContext(FormRulesContext);

/** True when the rules report no message for any field. */
export const passesRules = (rules: FormRules, values: unknown): boolean =>
  Object.values(rules(values as never)).every((message) => message === undefined);
