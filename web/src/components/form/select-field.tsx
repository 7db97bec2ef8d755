import { useField } from "formik";
import type { ReactNode } from "react";
import { FieldChrome, useFieldState } from "./field-chrome.js";

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
  const { name, dataQa, options, placeholder } = props;
  const [field, , helpers] = useField<string>(name);
  const state = useFieldState(name, { disabled: props.disabled });
  return (
    <FieldChrome
      field={state}
      label={props.label}
      dataQa={dataQa}
      required={props.required}
      className={props.className}
    >
      <select
        className="input"
        {...state.control}
        name={name}
        data-qa={dataQa}
        value={field.value ?? ""}
        required={props.required}
        autoComplete={props.autoComplete}
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
    </FieldChrome>
  );
}
