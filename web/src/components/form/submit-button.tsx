import { useFormikContext } from "formik";
import type { ReactNode } from "react";

export interface SubmitButtonProps {
  readonly dataQa: string;
  readonly children: ReactNode;
  /** Also require a changed form (the profile form). */
  readonly requireDirty?: boolean;
  readonly disabled?: boolean;
  /**
   * Validity of the current values, checked live by the page (so the button enables once the
   * last field is filled, before its blur); defaults to formik's `isValid`.
   */
  readonly valid?: boolean;
}

/** The form's submit button: disabled until the form is valid, and while it submits. */
export function SubmitButton(props: SubmitButtonProps) {
  const { dataQa, children, requireDirty, disabled, valid } = props;
  const { isValid, isSubmitting, dirty } = useFormikContext();
  const off = disabled || !(valid ?? isValid) || isSubmitting || (requireDirty === true && !dirty);
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
