import {
  errorCodesOf,
  FIELD_REFUSALS,
  fieldRefusal,
  type HttpFailure,
  LINK_QUERY,
  restoreAccountRules,
  validateForm,
} from "@portal/core";
import { useFormikContext } from "formik";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { AppForm, PasswordField, SubmitButton, TextField } from "../../components/form/index.js";
import { refusalStatus } from "../../components/form/refusal-status.js";
import { useRefusalDialog } from "../../components/form/use-refusal-dialog.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { PublicPage } from "./public-layout.js";
import { useOneClickLink } from "./use-one-click-link.js";

const QA = "restore-account";

interface RestoreValues {
  password: string;
  code: string;
}

/** The server's answer for a restore link that is used, expired (erased) or unknown. */
const linkNoLongerValid = (failure: HttpFailure): boolean =>
  failure.status === 400 && errorCodesOf(failure.body).includes("INVALID_OPT_IN");

/** Puts the focus on the refused field once the submit has ended (fields are disabled while it runs). */
function FocusRefusedField() {
  const { status, isSubmitting } = useFormikContext<RestoreValues>();
  const field = (status as { refusal?: { field: string } } | undefined)?.refusal?.field;
  useEffect(() => {
    if (field && !isSubmitting) document.getElementById(`field-${field}`)?.focus();
  }, [field, isSubmitting]);
  return null;
}

/**
 * Route "restore-account" (query token): the restore link of a closed account's
 * confirmation mail (DELETION_GRACE_DAYS). Opening it changes nothing: it asks whether the
 * link still works (a used or invalid one says so instead of the form); the password (and,
 * for an account with an authenticator app or a passkey, a code of the app or a recovery
 * code) reopens the account as it was. A wrong password or code is refused at its field; a
 * link no longer valid (used, or the account erased) says so with the way to sign in.
 */
export default function RestoreAccountPage() {
  const { t } = useTranslation("public");
  const { api } = useServices();
  const href = useRouteHref();
  const showRefusal = useRefusalDialog();
  const token = new URLSearchParams(useLocation().search).get(LINK_QUERY.oneClick) ?? "";
  const opened = useOneClickLink("restoreAccount", token);
  const [state, setState] = useState<"form" | "restored" | "invalid">("form");

  if (state === "restored")
    return (
      <PublicPage title={t("restoreAccount.successTitle")} dataQa={`${QA}-success`}>
        <p>{t("restoreAccount.successText")}</p>
        <Link to={href("login")} className="btn btn--primary" data-qa={`${QA}-login`}>
          {t("restoreAccount.signIn")}
        </Link>
      </PublicPage>
    );
  if (opened.state === "checking") return <LoadingState dataQa={`${QA}-loading`} />;
  if (opened.state === "used" && state === "form")
    return (
      <PublicPage title={t("restoreAccount.usedTitle")} dataQa={`${QA}-used`}>
        <Notice tone="info" dataQa={`${QA}-used-notice`}>
          {t("restoreAccount.usedText")}
        </Notice>
        <Link to={href("login")} className="btn btn--primary" data-qa={`${QA}-used-login`}>
          {t("restoreAccount.signIn")}
        </Link>
      </PublicPage>
    );
  if (state === "invalid" || opened.state === "invalid")
    return (
      <PublicPage title={t("restoreAccount.invalidTitle")} dataQa={`${QA}-invalid`}>
        <Notice tone="error" dataQa={`${QA}-unusable`}>
          {t("restoreAccount.invalidText")}
        </Notice>
        <Link to={href("login")} data-qa={`${QA}-to-login`}>
          {t("restoreAccount.signIn")}
        </Link>
      </PublicPage>
    );
  return (
    <PublicPage title={t("restoreAccount.title")} dataQa={`${QA}-page`}>
      <p>{t("restoreAccount.intro")}</p>
      <AppForm<RestoreValues>
        initialValues={{ password: "", code: "" }}
        validate={(v) => validateForm(restoreAccountRules, { ...v })}
        dataQa={`${QA}-form`}
        aria-labelledby={`${QA}-page-title`}
        onSubmit={async (v, helpers) => {
          const code = v.code.trim();
          const r = await api.restoreAccount({
            restoreToken: token,
            password: v.password,
            ...(code ? { code } : {}),
          });
          if (r.ok) return setState("restored");
          if (linkNoLongerValid(r.error)) return setState("invalid");
          // A wrong password or code is the person's to correct: its words at its field and
          // the focus there, not the failure dialog with an error reference first (issue 46).
          const refusal = fieldRefusal(r.error, FIELD_REFUSALS.restoreAccount);
          if (!refusal) return showRefusal(r.error, { dataQa: `${QA}-error-dialog` });
          const field = refusal.field as keyof RestoreValues;
          helpers.setStatus(refusalStatus(field, refusal.code, v[field]));
        }}
      >
        <FocusRefusedField />
        <PasswordField
          name="password"
          label={t("restoreAccount.password")}
          dataQa={`${QA}-password`}
          autoComplete="current-password"
          required
        />
        <TextField
          name="code"
          label={t("restoreAccount.code")}
          hint={t("restoreAccount.codeHint")}
          dataQa={`${QA}-code`}
          autoComplete="one-time-code"
          maxLength={40}
        />
        <div className="actions">
          <SubmitButton dataQa={`${QA}-submit`}>{t("restoreAccount.submit")}</SubmitButton>
        </div>
      </AppForm>
    </PublicPage>
  );
}
