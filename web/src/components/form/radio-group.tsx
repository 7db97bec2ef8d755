import { useField, useFormikContext } from "formik";
import type { ReactNode } from "react";
import { FieldErrorText, useFieldError } from "./field-error.js";

export interface RadioOption {
  readonly value: string;
  readonly label: ReactNode;
  readonly dataQa: string;
}

export interface RadioGroupProps {
  readonly name: string;
  readonly legend: ReactNode;
  readonly dataQa: string;
  readonly options: ReadonlyArray<RadioOption>;
  readonly required?: boolean;
  readonly disabled?: boolean;
}

/** A fieldset of radio buttons bound to a string formik value; validates on change. */
export function RadioGroup({ name, legend, dataQa, options, required, disabled }: RadioGroupProps) {
  const [field, , helpers] = useField<string>(name);
  const { isSubmitting } = useFormikContext();
  const error = useFieldError(name);
  const id = `field-${name}`;
  return (
    <fieldset
      className="field field--radio"
      data-qa={dataQa}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {options.map((o) => (
        <div key={o.value} className="radio">
          <input
            id={`${id}-${o.value}`}
            type="radio"
            name={name}
            value={o.value}
            data-qa={o.dataQa}
            checked={field.value === o.value}
            disabled={disabled || isSubmitting}
            onChange={() => {
              void helpers.setTouched(true, false);
              void helpers.setValue(o.value, true);
            }}
            onBlur={field.onBlur}
          />
          <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
        </div>
      ))}
      <FieldErrorText id={`${id}-error`} error={error} dataQa={dataQa} />
    </fieldset>
  );
}
