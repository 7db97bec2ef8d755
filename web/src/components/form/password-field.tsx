import { checkPasswordAgainst, type PasswordContext, passwordStrength } from "@portal/core";
import { useField, useFormikContext } from "formik";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldChrome, useFieldState } from "./field-chrome.js";
import { messageCode } from "./field-error.js";
import { PasswordHints, PasswordReason, StrengthBar } from "./password-feedback.js";
import { usePasswordBlocklist } from "./use-password-blocklist.js";

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * The codes a password's reason explains (core's `PasswordCheck.reason`): while one is
 * named under the bar, the field's message with such a code (the rule's on blur, or the
 * server's refusal) would only say it again in general words, e.g. "too easy to guess".
 */
const CODES_A_REASON_EXPLAINS: ReadonlyArray<string> = [
  "PASSWORD_INVALID_CHARACTERS",
  "PASSWORD_IN_HISTORY",
  "PASSWORD_TRIVIAL_VALUES",
];

/**
 * Whom the password must not name, from the form's values as core's form rule reads them
 * (the registration's names and address; the change-password form carries the person's),
 * and the current password typed beside it (the change-password form's oldPassword), which
 * the server refuses as the new one.
 */
const contextOf = (values: Readonly<Record<string, unknown>>): PasswordContext => ({
  givenName: text(values.givenName),
  surName: text(values.surName) || text(values.surname),
  email: text(values.email) || text(values.currentEmail),
  currentPassword: text(values.oldPassword),
});

export interface PasswordFieldProps {
  readonly name: string;
  readonly label: ReactNode;
  readonly dataQa: string;
  readonly autoComplete: "current-password" | "new-password" | "off";
  readonly required?: boolean;
  /** Live requirement hints of the policy (new passwords). */
  readonly showHints?: boolean;
  /** The strength meter (new passwords). */
  readonly showMeter?: boolean;
  readonly disabled?: boolean;
}

/**
 * A password input with a show/hide toggle (tooltip in every language), and for new
 * passwords the live requirement hints and the strength meter of core's policy: the
 * server's own check (`checkPasswordAgainst`) with the person's names and address and
 * the full blocklist, which loads on the field's first focus or first value (a visitor who
 * never comes to the password does not download it); the one reason that refuses the
 * password beyond the hints is named below the bar, live, and the field's message then
 * does not say it a second time (one reason at the field, never two).
 */
export function PasswordField(props: PasswordFieldProps) {
  const { name, label, dataQa, showHints, showMeter } = props;
  const { t } = useTranslation("common");
  const [field] = useField<string>(name);
  const [visible, setVisible] = useState(false);
  const [focused, setFocused] = useState(false);
  const id = `field-${name}`;
  const value = field.value ?? "";
  const { values } = useFormikContext<Readonly<Record<string, unknown>>>();
  // A value without a focus: typed into the frame before the app ran, or filled in by the browser.
  const blocklist = usePasswordBlocklist(
    Boolean(showHints || showMeter) && (focused || value !== ""),
  );
  const context = contextOf(values);
  const check = showHints || showMeter ? checkPasswordAgainst(value, context, blocklist) : null;
  const strength = showMeter && value !== "" ? passwordStrength(value, context, blocklist) : null;
  // Live, as typed: the field's error line changes only on blur (spec section 5) and would
  // name the reason of the value left, or guess it ("e.g. your name").
  const reason = strength !== null ? (check?.reason ?? null) : null;
  const state = useFieldState(name, {
    disabled: props.disabled,
    describers: [
      Boolean(showHints) && `${id}-hints`,
      strength !== null && `${id}-strength`,
      reason !== null && `${id}-refusals`,
    ],
    saidElsewhere: (raw) =>
      reason !== null && CODES_A_REASON_EXPLAINS.includes(messageCode(raw) ?? ""),
  });
  const toggleText = visible ? t("password.hide") : t("password.show");
  return (
    <FieldChrome
      field={state}
      label={label}
      dataQa={dataQa}
      required={props.required}
      className="field--password"
    >
      <div className="password__row">
        <input
          className="input"
          {...field}
          {...state.control}
          value={value}
          onFocus={() => setFocused(true)}
          type={visible ? "text" : "password"}
          data-qa={dataQa}
          autoComplete={props.autoComplete}
          required={props.required}
        />
        <button
          type="button"
          className="password__toggle"
          data-qa={`${dataQa}-toggle`}
          aria-controls={id}
          aria-pressed={visible}
          aria-label={toggleText}
          title={toggleText}
          onClick={() => setVisible((v) => !v)}
        >
          <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12Z"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
            {visible ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" /> : null}
          </svg>
        </button>
      </div>
      {strength ? <StrengthBar id={`${id}-strength`} dataQa={dataQa} strength={strength} /> : null}
      {reason ? <PasswordReason id={`${id}-refusals`} dataQa={dataQa} reason={reason} /> : null}
      {showHints && check ? (
        <PasswordHints id={`${id}-hints`} dataQa={dataQa} hints={check.hints} />
      ) : null}
    </FieldChrome>
  );
}
