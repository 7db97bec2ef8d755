import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";
import { PublicPage } from "./public-layout.js";

/** New password set: log in with it. */
export default function PasswordResetSuccessPage() {
  const { t } = useTranslation("public");
  const href = useRouteHref();
  return (
    <PublicPage title={t("passwordResetSuccess.title")} dataQa="password-reset-success-page">
      <p>{t("passwordResetSuccess.text")}</p>
      <Link to={href("login")} className="btn btn--primary" data-qa="password-reset-success-login">
        {t("shared:Session.signIn")}
      </Link>
    </PublicPage>
  );
}
