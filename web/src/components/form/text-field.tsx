import { useField, useFormikContext } from "formik";
import type { HTMLInputAutoCompleteAttribute, ReactNode } from "react";
import { describedBy, FieldErrorText, useFieldError } from "./field-error.js";

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
  const { name, label, dataQa, type = "text", hint, disabled, className } = props;
  const [field] = useField<string>(name);
  const { isSubmitting } = useFormikContext();
  const error = useFieldError(name);
  const id = `field-${name}`;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>
        {label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        {...field}
        value={field.value ?? ""}
        id={id}
        type={type}
        data-qa={dataQa}
        autoComplete={props.autoComplete}
        required={props.required}
        maxLength={props.maxLength}
        minLength={props.minLength}
        pattern={props.pattern}
        inputMode={props.inputMode}
        disabled={disabled || isSubmitting}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
      />
      {hint !== undefined ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={`${id}-error`} error={error} dataQa={dataQa} />
    </div>
  );
}
