import { useFormikContext } from "formik";
import { type ReactNode, useMemo } from "react";
import { passesRules, useFormRules } from "./form-rules.js";

export interface SubmitButtonProps {
  readonly dataQa: string;
  readonly children: ReactNode;
  /**
   * Stay disabled until the values pass the form's rules (the spec's rule for the profile
   * save, kept by the signed-in forms). Without it the button stays enabled and a submit
   * of invalid values shows every unmet field's message and focuses the first one
   * (`AppForm`), so a user always learns why the form was not sent.
   */
  readonly disableUntilValid?: boolean;
  /** Also require a changed form (the profile form); implies `disableUntilValid`. */
  readonly requireDirty?: boolean;
  readonly disabled?: boolean;
}

/**
 * The form's submit button: disabled while it submits and, with `disableUntilValid`,
 * until the current values pass the form's rules. The values are checked as they are
 * typed, not formik's errors (those wait for blur), so filling the last field is enough:
 * a user who moves straight to the button finds it enabled.
 */
export function SubmitButton(props: SubmitButtonProps) {
  const { dataQa, children, requireDirty, disabled } = props;
  const untilValid = props.disableUntilValid === true || requireDirty === true;
  const { values, isValid, isSubmitting, dirty } = useFormikContext();
  const rules = useFormRules();
  // Outside an AppForm there are no rules to run: formik's own verdict stands.
  const valid = useMemo(
    () => (rules ? passesRules(rules, values) : isValid),
    [rules, values, isValid],
  );
  const off =
    disabled || isSubmitting || (untilValid && !valid) || (requireDirty === true && !dirty);
  return (
    <button
      type="submit"
      className="btn btn--primary"
      data-qa={dataQa}
      disabled={off}
      aria-busy={isSubmitting || undefined}
    >
      {children}
    </button>
  );
}
