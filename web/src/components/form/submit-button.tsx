import { useFormikContext } from "formik";
import type { ReactNode } from "react";

export interface SubmitButtonProps {
  readonly dataQa: string;
  readonly children: ReactNode;
  /** Also require a changed form (the profile form). */
  readonly requireDirty?: boolean;
  readonly disabled?: boolean;
}

/** The form's submit button: disabled until the form is valid, and while it submits. */
export function SubmitButton({ dataQa, children, requireDirty, disabled }: SubmitButtonProps) {
  const { isValid, isSubmitting, dirty } = useFormikContext();
  const off = disabled || !isValid || isSubmitting || (requireDirty === true && !dirty);
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
