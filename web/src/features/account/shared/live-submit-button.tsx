import { type FormErrors, isFormValid } from "@portal/core";
import { useFormikContext } from "formik";
import { useMemo } from "react";
import { SubmitButton, type SubmitButtonProps } from "../../../components/form/submit-button.js";

/** Props of {@link LiveSubmitButton}: the submit button's, plus the form's rule check. */
export interface LiveSubmitButtonProps<V> extends Omit<SubmitButtonProps, "valid"> {
  readonly validate: (values: V) => FormErrors;
}

/**
 * The submit button, enabled as soon as the current values pass core's rules. Messages
 * still appear on blur and change (spec section 5); only the button follows the values,
 * so filling the last field is enough to submit without leaving it first.
 */
export function LiveSubmitButton<V>({ validate, ...props }: LiveSubmitButtonProps<V>) {
  const { values } = useFormikContext<V>();
  const valid = useMemo(() => isFormValid(validate(values)), [validate, values]);
  return <SubmitButton {...props} valid={valid} />;
}
