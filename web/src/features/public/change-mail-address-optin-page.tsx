import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useService } from "../../app/container-context.js";
import { useRouteHref } from "../../app/navigation.js";
import { useSession } from "../../app/session.js";
import { TOKENS } from "../../app/tokens.js";
import { Notice } from "../../components/notice.js";
import { ConfirmationFlow } from "./confirmation-page.js";
import { PublicPage } from "./public-layout.js";

/** E-mail change confirmation (query optinId): success asks to log in again; failure links to the profile. */
export default function ChangeMailAddressOptinPage() {
  const { t } = useTranslation("public");
  const api = useService(TOKENS.api);
  const { logout } = useSession();
  const href = useRouteHref();
  const confirm = useCallback(
    (token: string) => api.confirmMailAddress({ confirmationToken: token }),
    [api],
  );
  return (
    <ConfirmationFlow
      action="confirmUpdatedEmail"
      tokenParam="optinId"
      confirm={confirm}
      dataQa="change-mail-address-optin"
      success={
        <PublicPage
          title={t("changeMailOptin.successTitle")}
          dataQa="change-mail-address-optin-success"
        >
          <p>{t("changeMailOptin.successText")}</p>
          <button
            type="button"
            className="button button--primary"
            data-qa="change-mail-address-optin-login"
            onClick={() => void logout()}
          >
            {t("changeMailOptin.login")}
          </button>
        </PublicPage>
      }
      failure={
        <PublicPage
          title={t("changeMailOptin.failureTitle")}
          dataQa="change-mail-address-optin-failure"
        >
          <Notice tone="error" dataQa="change-mail-address-optin-error">
            {t("changeMailOptin.failureText")}
          </Notice>
          <Link to={href("profile")} data-qa="change-mail-address-optin-profile">
            {t("changeMailOptin.toProfile")}
          </Link>
        </PublicPage>
      }
    />
  );
}
