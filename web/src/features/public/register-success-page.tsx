import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { Notice } from "../../components/notice.js";
import { ResendMail } from "../../components/resend-mail.js";
import { PublicPage } from "./public-layout.js";

/** Registration sent: mail notice, resend, and login for those who confirmed on another device. */
export default function RegisterSuccessPage() {
  const { t } = useTranslation("public");
  const { state, search } = useLocation();
  const email = (state as { email?: string } | null)?.email ?? null;
  const { api } = useServices();
  const href = useRouteHref();
  const invalidPrk = new URLSearchParams(search).get("invalidPrk") === "1";
  return (
    <PublicPage title={t("registerSuccess.title")} dataQa="register-success-page">
      <p>{t("registerSuccess.text")}</p>
      {invalidPrk ? (
        <Notice tone="warning" dataQa="register-invalid-prk">
          {t("register.invalidPrk")}
        </Notice>
      ) : null}
      {email ? (
        <ResendMail
          action="resendOptin"
          send={() => api.resendOptInMail({ email })}
          dataQa="register-success"
          question={t("registerSuccess.noMail")}
          label={t("registerSuccess.resend")}
          sent={() => t("registerSuccess.resent")}
          failureDialogQa="resend-optin-error-dialog"
        />
      ) : null}
      <p>
        <Link to={href("login")} data-qa="register-success-login">
          {t("registerSuccess.login")}
        </Link>
      </p>
    </PublicPage>
  );
}
