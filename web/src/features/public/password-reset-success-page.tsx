import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";
import { PublicPage } from "./public-layout.js";

/**
 * New password set: log in with it. After "This wasn't me" (the reset page's check said the
 * person's factors are paused) it says the sign-in asks for a mailed code and where to keep
 * or remove each paused factor.
 */
export default function PasswordResetSuccessPage() {
  const { t } = useTranslation("public");
  const href = useRouteHref();
  const state: unknown = useLocation().state;
  const factorsPaused =
    typeof state === "object" &&
    state !== null &&
    "factorsPaused" in state &&
    state.factorsPaused === true;
  return (
    <PublicPage title={t("passwordResetSuccess.title")} dataQa="password-reset-success-page">
      <p>{t("passwordResetSuccess.text")}</p>
      {factorsPaused ? (
        <p data-qa="password-reset-success-factors-paused">
          {t("passwordResetSuccess.factorsPaused")}
        </p>
      ) : null}
      <Link to={href("login")} className="btn btn--primary" data-qa="password-reset-success-login">
        {t("shared:Session.signIn")}
      </Link>
    </PublicPage>
  );
}
