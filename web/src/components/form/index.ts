export { AppForm, toFormikErrors } from "./app-form.js";
export { Checkbox } from "./checkbox.js";
export { CompanyCombobox } from "./company-combobox.js";
export { encodeMessage, type FieldMessage, useFieldError, useMessageText } from "./field-error.js";
export { PasswordField } from "./password-field.js";
export { RadioGroup } from "./radio-group.js";
export { SelectField, type SelectOption } from "./select-field.js";
export { SubmitButton } from "./submit-button.js";
export { TextField } from "./text-field.js";
