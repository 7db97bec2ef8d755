import type { ReactNode } from "react";
import { PasswordField } from "./password-field.js";

export interface NewPasswordFieldsProps {
  /** Field name of the new password; its confirmation is always `confirmationPassword`. */
  readonly name: string;
  readonly label: ReactNode;
  readonly confirmationLabel: ReactNode;
  readonly dataQa: string;
  readonly confirmationDataQa: string;
}

/**
 * A new password (with the policy's live hints and the strength meter) and its
 * confirmation, as registration, password reset and password change ask for them.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        name={props.name}
        label={props.label}
        dataQa={props.dataQa}
        autoComplete="new-password"
        showHints
        showMeter
        required
      />
      <PasswordField
        name="confirmationPassword"
        label={props.confirmationLabel}
        dataQa={props.confirmationDataQa}
        autoComplete="new-password"
        required
      />
    </>
  );
}
