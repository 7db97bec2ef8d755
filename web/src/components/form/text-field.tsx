import { useField } from "formik";
import type { HTMLInputAutoCompleteAttribute, ReactNode } from "react";
import { FieldChrome, useFieldState } from "./field-chrome.js";

export interface TextFieldProps {
  readonly name: string;
  readonly label: ReactNode;
  readonly dataQa: string;
  readonly type?: "text" | "email" | "tel" | "password";
  readonly autoComplete?: HTMLInputAutoCompleteAttribute;
  readonly required?: boolean;
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly pattern?: string;
  readonly inputMode?: "text" | "email" | "numeric" | "tel";
  readonly hint?: ReactNode;
  readonly disabled?: boolean;
  readonly className?: string;
}

/**
 * A labelled text input bound to the surrounding formik form. Validates on blur
 * (change, not input); disabled while the form submits.
 */
export function TextField(props: TextFieldProps) {
  const { name, dataQa, type = "text", hint } = props;
  const [field] = useField<string>(name);
  const state = useFieldState(name, { hint: hint !== undefined, disabled: props.disabled });
  return (
    <FieldChrome
      field={state}
      label={props.label}
      dataQa={dataQa}
      required={props.required}
      hint={hint}
      className={props.className}
    >
      <input
        className="input"
        {...field}
        {...state.control}
        value={field.value ?? ""}
        type={type}
        data-qa={dataQa}
        autoComplete={props.autoComplete}
        required={props.required}
        maxLength={props.maxLength}
        minLength={props.minLength}
        pattern={props.pattern}
        inputMode={props.inputMode}
      />
    </FieldChrome>
  );
}
