import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { ResendMail } from "../../components/resend-mail.js";
import { PublicPage } from "./public-layout.js";

/** Reset link sent (the same answer for every address); the mail can be sent again. */
export default function PasswordForgottenSuccessPage() {
  const { t } = useTranslation("public");
  const email = (useLocation().state as { email?: string } | null)?.email ?? null;
  const { api } = useServices();
  const href = useRouteHref();
  return (
    <PublicPage
      title={t("passwordForgottenSuccess.title")}
      dataQa="password-forgotten-success-page"
    >
      <p>{t("passwordForgottenSuccess.text")}</p>
      {email ? (
        <ResendMail
          action="passwordForgotten"
          send={() => api.requestPasswordResetMail({ email })}
          dataQa="password-forgotten"
          question={t("passwordForgottenSuccess.noMail")}
          label={t("passwordForgottenSuccess.resend")}
          sent={() => t("passwordForgottenSuccess.resent")}
          failureDialogQa="password-forgotten-error-dialog"
        />
      ) : (
        // Without the address from the form there is nothing to resend: enter it again.
        <p>
          <Link to={href("password-forgotten")} data-qa="password-forgotten-again">
            {t("passwordForgottenSuccess.again")}
          </Link>
        </p>
      )}
    </PublicPage>
  );
}
