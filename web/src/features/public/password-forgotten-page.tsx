import { passwordForgottenRules, validateForm } from "@portal/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useRouteHref, useRouteNavigate } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { useAction } from "../../app/use-action.js";
import { AppForm } from "../../components/form/app-form.js";
import { SubmitButton } from "../../components/form/submit-button.js";
import { TextField } from "../../components/form/text-field.js";
import { PublicPage } from "./public-layout.js";

/** Password forgotten: asks for the e-mail address and sends the reset link. */
export default function PasswordForgottenPage() {
  const { t } = useTranslation("public");
  const { api } = useServices();
  const { showFailure } = useFailureDialog();
  const go = useRouteNavigate();
  const href = useRouteHref();
  const action = useAction("passwordForgotten");
  return (
    <PublicPage title={t("passwordForgotten.title")} dataQa="password-forgotten-page">
      <p>{t("passwordForgotten.text")}</p>
      <AppForm<{ email: string }>
        initialValues={{ email: "" }}
        validate={(v) => validateForm(passwordForgottenRules, v)}
        dataQa="password-forgotten-form"
        aria-labelledby="password-forgotten-page-title"
        onSubmit={async (v) => {
          const email = v.email.trim();
          const r = await action.run(() => api.requestPasswordResetMail({ email }));
          if (r.ok) go("password-forgotten-success", undefined, { state: { email } });
          else
            showFailure(r.error, {
              dataQa: "password-forgotten-error-dialog",
              action: "passwordForgotten",
              message: { key: "Dialog.Failed.Message" },
            });
        }}
      >
        <TextField
          name="email"
          type="email"
          label={t("validation:Fields.email")}
          dataQa="password-forgotten-email"
          autoComplete="email"
          required
        />
        <div className="actions">
          <SubmitButton dataQa="password-forgotten-submit">
            {t("passwordForgotten.submit")}
          </SubmitButton>
          <Link to={href("login")} data-qa="password-forgotten-login">
            {t("passwordForgotten.backToLogin")}
          </Link>
        </div>
      </AppForm>
    </PublicPage>
  );
}
