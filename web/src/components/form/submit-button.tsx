import { useFormikContext } from "formik";
import { type ReactNode, useMemo } from "react";
import { passesRules, useFormRules } from "./form-rules.js";

export interface SubmitButtonProps {
  readonly dataQa: string;
  readonly children: ReactNode;
  /** Also require a changed form (the profile form). */
  readonly requireDirty?: boolean;
  readonly disabled?: boolean;
}

/**
 * The form's submit button: disabled until the current values pass the form's rules, and
 * while it submits. The values are checked as they are typed, not formik's errors (those
 * wait for blur), so filling the last field is enough: a user who moves straight to the
 * button finds it enabled, and the click is not lost to the blur's validation.
 */
export function SubmitButton(props: SubmitButtonProps) {
  const { dataQa, children, requireDirty, disabled } = props;
  const { values, isValid, isSubmitting, dirty } = useFormikContext();
  const rules = useFormRules();
  // Outside an AppForm there are no rules to run: formik's own verdict stands.
  const valid = useMemo(
    () => (rules ? passesRules(rules, values) : isValid),
    [rules, values, isValid],
  );
  const off = disabled || !valid || isSubmitting || (requireDirty === true && !dirty);
  return (
    <button
      type="submit"
      className="button button--primary"
      data-qa={dataQa}
      disabled={off}
      aria-busy={isSubmitting || undefined}
    >
      {children}
    </button>
  );
}
