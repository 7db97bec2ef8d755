import { useField } from "formik";
import type { CompanyComboboxProps } from "./company-combobox.js";

/**
 * The company search's frame while its chunk (downshift) loads: the same label, field, hint
 * and list box border as `CompanyCombobox`, so nothing below it moves when it arrives. The
 * field shows the typed text but takes no input until the real one replaces it.
 */
export function CompanyComboboxPlaceholder(props: CompanyComboboxProps) {
  const { name, textName, label, hint } = props;
  const [textField] = useField<string>(textName);
  const id = `field-${name}`;
  return (
    <div className="field field--combobox" aria-busy="true">
      <label htmlFor={id} className="field__label">
        {label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        className="input"
        id={id}
        value={textField.value ?? ""}
        readOnly
        disabled
        aria-describedby={hint !== undefined ? `${id}-hint` : undefined}
      />
      {hint !== undefined ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div className="combobox__menu" />
    </div>
  );
}
