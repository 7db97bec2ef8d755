import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";
import { PublicPage } from "./public-layout.js";

/**
 * What the base path shows after "Secure my account" on the security page: the account is
 * secured, every sign-in ended (this browser's too), and the reset mail is the way back in.
 * No "sign in again": the current password signs nobody in before the reset. A new link
 * is one "set a new password" away, should the mail not arrive.
 */
export function AccountSecuredPage() {
  const { t } = useTranslation("public");
  const href = useRouteHref();
  return (
    <PublicPage title={t("accountSecured.title")} dataQa="account-secured">
      <p>{t("accountSecured.text")}</p>
      <p>{t("accountSecured.noMail")}</p>
      <Link
        to={href("password-forgotten")}
        className="btn btn--secondary"
        data-qa="account-secured-set-password"
      >
        {t("shared:Password.setNew")}
      </Link>
    </PublicPage>
  );
}
