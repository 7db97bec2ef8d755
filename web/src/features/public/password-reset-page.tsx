import {
  errorCodesOf,
  FIELD_REFUSALS,
  type HttpFailure,
  LINK_QUERY,
  MAILED_LINKS,
  passwordResetRules,
  validateForm,
} from "@portal/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useRouteHref, useRouteNavigate } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { useAction } from "../../app/use-action.js";
import { useLoad } from "../../app/use-load.js";
import { AppForm } from "../../components/form/app-form.js";
import { NewPasswordFields } from "../../components/form/new-password-fields.js";
import { SubmitButton } from "../../components/form/submit-button.js";
import { useRefusalDialog } from "../../components/form/use-refusal-dialog.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { PublicPage } from "./public-layout.js";

interface ResetValues {
  newPassword: string;
  confirmationPassword: string;
}

/** The server's answer for a reset link that is used, expired, retired or unknown. */
const linkNoLongerValid = (failure: HttpFailure): boolean =>
  failure.status === 400 && errorCodesOf(failure.body).includes("INVALID_OPT_IN");

/** `refused`: the form was sent and the link was no longer valid by then. */
type LinkState = "checking" | "live" | "invalid" | "refused";

/**
 * Asks, when the page opens, whether the link still works (without using it), so a used
 * or expired link says so before a new password is typed. Only the server's "no longer
 * valid" ends the page there (an answer, not a failed request: the console stays clean):
 * when the check itself fails (offline, busy) the form is shown and its submit tells.
 * `refused()` says the submit found it no longer valid.
 */
function useResetLink(token: string): {
  readonly state: LinkState;
  readonly refused: () => void;
  /** "This wasn't me" paused the person's factors: the success page says what follows. */
  readonly factorsPaused: boolean;
} {
  const { api } = useServices();
  const [refused, setRefused] = useState(false);
  // { valid: false } for a link the reset would refuse; the refusal of a token no mail
  // carries (too long, a line break) says the same.
  const { load } = useLoad(token || null, (signal) =>
    api.checkPasswordResetToken({ passwordResetToken: token }, { signal }),
  );
  const state: LinkState = refused
    ? "refused"
    : load.state === "loaded"
      ? load.value.valid
        ? "live"
        : "invalid"
      : load.state === "failed"
        ? linkNoLongerValid(load.failure)
          ? "invalid"
          : "live"
        : "checking";
  const factorsPaused = load.state === "loaded" && load.value.factorsPaused === true;
  return { state, refused: () => setRefused(true), factorsPaused };
}

/**
 * A reset link that cannot set a password (incomplete, used, expired): what happened and
 * the way out, a new link. `takeFocus`: it replaced the form after its submit; the focus
 * the form's button had goes to the heading, so it is read and the next Tab finds the way
 * out.
 */
function UnusableLink(props: {
  readonly title: string;
  readonly text: string;
  readonly takeFocus?: boolean;
}) {
  const { t } = useTranslation("public");
  const href = useRouteHref();
  const takeFocus = props.takeFocus === true;
  useEffect(() => {
    const active = document.activeElement;
    if (!takeFocus || (active && active !== document.body)) return;
    const heading = document.getElementById("password-reset-page-title");
    heading?.setAttribute("tabindex", "-1");
    heading?.focus();
  }, [takeFocus]);
  return (
    <PublicPage title={props.title} dataQa="password-reset-page">
      <Notice tone="error" dataQa="password-reset-link-unusable">
        {props.text}
      </Notice>
      <Link
        to={href("password-forgotten")}
        className="btn btn--primary"
        data-qa="password-reset-request-again"
      >
        {t("passwordReset.requestAgain")}
      </Link>
    </PublicPage>
  );
}

/** Password reset: sets a new password with the mailed passwordResetToken (prt carries over). */
export default function PasswordResetPage() {
  const { t } = useTranslation("public");
  const q = new URLSearchParams(useLocation().search);
  const token = q.get(MAILED_LINKS.passwordReset.token) ?? "";
  const prt = q.get(LINK_QUERY.webTargetToken);
  const { api } = useServices();
  const showRefusal = useRefusalDialog();
  const go = useRouteNavigate();
  const action = useAction("passwordReset");
  const link = useResetLink(token);
  if (!token)
    return (
      <UnusableLink title={t("shared:Password.setNew")} text={t("passwordReset.missingToken")} />
    );
  if (link.state === "checking") return <LoadingState dataQa="password-reset-checking" />;
  if (link.state === "invalid" || link.state === "refused")
    return (
      <UnusableLink
        title={t("passwordReset.invalidTitle")}
        text={t("passwordReset.invalidText")}
        takeFocus={link.state === "refused"}
      />
    );
  return (
    <PublicPage title={t("shared:Password.setNew")} dataQa="password-reset-page">
      <AppForm<ResetValues>
        initialValues={{ newPassword: "", confirmationPassword: "" }}
        validate={(v) => validateForm(passwordResetRules, { ...v })}
        dataQa="password-reset-form"
        aria-labelledby="password-reset-page-title"
        onSubmit={async (v, helpers) => {
          const r = await action.run(() =>
            api.resetPassword({ passwordResetToken: token, newPassword: v.newPassword }),
          );
          if (r.ok)
            go("password-reset-success", prt ? { prt } : undefined, {
              state: { factorsPaused: link.factorsPaused },
            });
          // Used or expired meanwhile (another tab, an hour gone): the page opening's words
          // and way out, not a dialog about an activation link over a form that cannot work.
          else if (linkNoLongerValid(r.error)) link.refused();
          else
            showRefusal(
              r.error,
              { dataQa: "password-reset-error-dialog", action: "passwordReset" },
              { fields: FIELD_REFUSALS.passwordReset, values: v, helpers },
            );
        }}
      >
        <NewPasswordFields
          name="newPassword"
          label={t("validation:Fields.newPassword")}
          confirmationLabel={t("validation:Fields.confirmationPassword")}
          dataQa="password-reset-new-password"
          confirmationDataQa="password-reset-confirmation-password"
        />
        <div className="actions">
          <SubmitButton dataQa="password-reset-submit">{t("passwordReset.submit")}</SubmitButton>
        </div>
      </AppForm>
    </PublicPage>
  );
}
