import { passwordResetRules, validateForm } from "@portal/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useRouteHref, useRouteNavigate } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { useAction } from "../../app/use-action.js";
import { AppForm } from "../../components/form/app-form.js";
import { NewPasswordFields } from "../../components/form/new-password-fields.js";
import { SubmitButton } from "../../components/form/submit-button.js";
import { Notice } from "../../components/notice.js";
import { PublicPage } from "./public-layout.js";

interface ResetValues {
  newPassword: string;
  confirmationPassword: string;
}

/** Password reset: sets a new password with the mailed passwordResetToken (prt carries over). */
export default function PasswordResetPage() {
  const { t } = useTranslation("public");
  const q = new URLSearchParams(useLocation().search);
  const token = q.get("passwordResetToken") ?? "";
  const prt = q.get("prt");
  const { api } = useServices();
  const { showFailure } = useFailureDialog();
  const go = useRouteNavigate();
  const href = useRouteHref();
  const action = useAction("passwordReset");
  if (!token)
    return (
      <PublicPage title={t("shared:Password.setNew")} dataQa="password-reset-page">
        <Notice tone="error" dataQa="password-reset-missing-token">
          {t("passwordReset.missingToken")}
        </Notice>
        <Link to={href("password-forgotten")} data-qa="password-reset-request-again">
          {t("passwordReset.requestAgain")}
        </Link>
      </PublicPage>
    );
  return (
    <PublicPage title={t("shared:Password.setNew")} dataQa="password-reset-page">
      <AppForm<ResetValues>
        initialValues={{ newPassword: "", confirmationPassword: "" }}
        validate={(v) => validateForm(passwordResetRules, { ...v })}
        dataQa="password-reset-form"
        aria-labelledby="password-reset-page-title"
        onSubmit={async (v) => {
          const r = await action.run(() =>
            api.resetPassword({ passwordResetToken: token, newPassword: v.newPassword }),
          );
          if (r.ok) go("password-reset-success", prt ? { prt } : undefined);
          else
            showFailure(r.error, {
              dataQa: "password-reset-error-dialog",
              action: "passwordReset",
            });
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
