import {
  type PasswordCheck,
  type PasswordRefusal,
  type PasswordStrength,
  passwordHintLines,
} from "@portal/core";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { usePasswordReasonText } from "./password-reason-text.js";

/** The hint's name in data-qa: "PasswordHints.digit" gives "digit". */
const hintName = (key: string): string => key.split(".")[1] ?? key;

/**
 * The spec's hint texts, ticked as they are met. "A digit" and "a special character" share
 * one line, as the two ways to meet one rule: its tick is the rule's, so a met rule never
 * shows an open circle for the way not taken.
 */
export function PasswordHints(props: {
  readonly id: string;
  readonly dataQa: string;
  readonly hints: PasswordCheck["hints"];
}) {
  const { t, i18n } = useTranslation("common");
  const { dataQa } = props;
  // The second way goes on the first's sentence: "One digit or one special character".
  const continued = (text: string) =>
    text.charAt(0).toLocaleLowerCase(i18n.language) + text.slice(1);
  return (
    <div id={props.id} className="password__hints">
      <p className="field__hint">{t("password.requirements")}</p>
      <ul data-qa={`${dataQa}-hints`}>
        {passwordHintLines(props.hints).map((line) => {
          // One hint keeps its name; the two ways read "digitOrSpecial".
          const name = line.options
            .map((o, i) => hintName(o.key).replace(/^./, (c) => (i > 0 ? c.toUpperCase() : c)))
            .join("Or");
          return (
            <li key={name} data-met={line.met} data-qa={`${dataQa}-hint-${name}`}>
              <span aria-hidden="true">{line.met ? "✓ " : "○ "}</span>
              {line.options.length === 1
                ? t(line.options[0]?.key ?? "")
                : line.options.map((o, i) => (
                    <Fragment key={o.key}>
                      {i > 0 ? ` ${t("password.or")} ` : null}
                      <span data-met={o.met} data-qa={`${dataQa}-hint-${hintName(o.key)}`}>
                        {i > 0 ? continued(t(o.key)) : t(o.key)}
                      </span>
                    </Fragment>
                  ))}
              <span className="visually-hidden">
                {" "}
                ({line.met ? t("password.met") : t("password.notMet")})
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Why the server would refuse the password, beyond the hints (the same check, the same
 * blocklist): the check's one reason, named at the field so a red bar never goes without
 * it, and never beside a second, contradicting one.
 */
export function PasswordReason(props: {
  readonly id: string;
  readonly dataQa: string;
  readonly reason: PasswordRefusal;
}) {
  const text = usePasswordReasonText();
  return (
    <p
      id={props.id}
      className="password__refusals"
      data-qa={`${props.dataQa}-refusals`}
      data-reason={props.reason.kind}
    >
      {text(props.reason)}
    </p>
  );
}

/**
 * The strength bar: colour, word and length come from core's `passwordStrength` alone (a
 * native `<meter>` picks its own colours from low/high/optimum, which showed refused
 * passwords green). Exposed as an ARIA meter whose value text is the word.
 */
export function StrengthBar(props: {
  readonly id: string;
  readonly dataQa: string;
  readonly strength: PasswordStrength;
}) {
  const { t } = useTranslation("common");
  const { score, colour, label, fill } = props.strength;
  // "Not allowed" is no strength: "Password strength: not allowed" would still read as one.
  const text =
    label === "notAllowed"
      ? t("password.notAllowed")
      : t("password.strength", { level: t(`password.levels.${label}`) });
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
        data-label={label}
        data-qa={`${props.dataQa}-strength-bar`}
      >
        {/* The length says what the word says (core's fill), not the raw score. */}
        <div className="strength-bar__fill" style={{ width: `${fill}%` }} />
      </div>
      <span className="password__level" data-qa={`${props.dataQa}-strength-label`}>
        {text}
      </span>
    </div>
  );
}
