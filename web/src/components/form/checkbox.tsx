import { useField, useFormikContext } from "formik";
import type { ReactNode } from "react";
import { describedBy, FieldErrorText, useFieldError } from "./field-error.js";

export interface CheckboxProps {
  readonly name: string;
  readonly label: ReactNode;
  readonly dataQa: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly hint?: ReactNode;
}

/** A labelled checkbox bound to a boolean formik value; validates on change. */
export function Checkbox({ name, label, dataQa, required, disabled, hint }: CheckboxProps) {
  const [field, , helpers] = useField<boolean>(name);
  const { isSubmitting } = useFormikContext();
  const error = useFieldError(name);
  const id = `field-${name}`;
  return (
    <div className="field checkbox">
      <input
        id={id}
        name={name}
        type="checkbox"
        data-qa={dataQa}
        checked={field.value === true}
        required={required}
        disabled={disabled || isSubmitting}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
        onChange={(e) => {
          void helpers.setTouched(true, false);
          void helpers.setValue(e.target.checked, true);
        }}
        onBlur={field.onBlur}
      />
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint !== undefined ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={`${id}-error`} error={error} dataQa={dataQa} />
    </div>
  );
}
