import { useField, useFormikContext } from "formik";
import type { ReactNode } from "react";
import { describedBy, FieldErrorText, useFieldError } from "./field-error.js";

export interface SelectOption {
  readonly value: string;
  readonly label: string;
  readonly disabled?: boolean;
}

export interface SelectFieldProps {
  readonly name: string;
  readonly label: ReactNode;
  readonly dataQa: string;
  readonly options: ReadonlyArray<SelectOption>;
  /** Text of an empty first option; omitted when not given. */
  readonly placeholder?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly autoComplete?: string;
  readonly className?: string;
}

/** A labelled select bound to formik; validates on change (a select has no input phase). */
export function SelectField(props: SelectFieldProps) {
  const { name, label, dataQa, options, placeholder, disabled, className } = props;
  const [field, , helpers] = useField<string>(name);
  const { isSubmitting } = useFormikContext();
  const error = useFieldError(name);
  const id = `field-${name}`;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>
        {label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        name={name}
        data-qa={dataQa}
        value={field.value ?? ""}
        required={props.required}
        autoComplete={props.autoComplete}
        disabled={disabled || isSubmitting}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        onChange={(e) => {
          void helpers.setTouched(true, false);
          void helpers.setValue(e.target.value, true);
        }}
        onBlur={field.onBlur}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrorText id={`${id}-error`} error={error} dataQa={dataQa} />
    </div>
  );
}
