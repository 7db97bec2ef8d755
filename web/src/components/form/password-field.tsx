import { checkPassword, type PasswordStrength, passwordStrength } from "@portal/core";
import { useField } from "formik";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldChrome, useFieldState } from "./field-chrome.js";

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
 * passwords the live requirement hints and the strength meter of core's policy.
 */
export function PasswordField(props: PasswordFieldProps) {
  const { name, label, dataQa, showHints, showMeter } = props;
  const { t } = useTranslation("common");
  const [field] = useField<string>(name);
  const [visible, setVisible] = useState(false);
  const id = `field-${name}`;
  const value = field.value ?? "";
  const check = showHints ? checkPassword(value) : null;
  const strength = showMeter && value !== "" ? passwordStrength(value) : null;
  const state = useFieldState(name, {
    disabled: props.disabled,
    describers: [check !== null && `${id}-hints`, strength !== null && `${id}-strength`],
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
      {check ? (
        <div id={`${id}-hints`} className="password__hints">
          <p className="field__hint">{t("password.requirements")}</p>
          <ul data-qa={`${dataQa}-hints`}>
            {check.hints.map((h) => (
              <li key={h.key} data-met={h.met} data-qa={`${dataQa}-hint-${h.key.split(".")[1]}`}>
                <span aria-hidden="true">{h.met ? "✓ " : "○ "}</span>
                {t(h.key)}
                <span className="visually-hidden">
                  {" "}
                  ({h.met ? t("password.met") : t("password.notMet")})
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </FieldChrome>
  );
}

/**
 * The strength bar: colour and word come from core's `passwordStrength` alone (a native
 * `<meter>` picks its own colours from low/high/optimum, which showed refused passwords
 * green). Exposed as an ARIA meter whose value text is the word.
 */
function StrengthBar(props: {
  readonly id: string;
  readonly dataQa: string;
  readonly strength: PasswordStrength;
}) {
  const { t } = useTranslation("common");
  const { score, colour, label } = props.strength;
  const text = t("password.strength", { level: t(`password.levels.${label}`) });
  return (
    <div id={props.id} className="password__meter" data-qa={`${props.dataQa}-strength`}>
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> paints its own colours from low/high/optimum; the colour must be core's verdict */}
      <div
        role="meter"
        className={`strength-bar strength-bar--${colour}`}
        aria-label={t("password.strengthName")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={text}
        data-colour={colour}
        data-qa={`${props.dataQa}-strength-bar`}
      >
        <div className="strength-bar__fill" style={{ width: `${Math.max(score, 5)}%` }} />
      </div>
      <span data-qa={`${props.dataQa}-strength-label`}>{text}</span>
    </div>
  );
}
