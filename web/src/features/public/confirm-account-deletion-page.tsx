import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useService } from "../../app/container-context.js";
import { useRouteHref } from "../../app/navigation.js";
import { TOKENS } from "../../app/tokens.js";
import { useConfig } from "../../app/use-config.js";
import { Notice } from "../../components/notice.js";
import { ConfirmationFlow } from "./confirmation-page.js";
import { PublicPage } from "./public-layout.js";

/** Account deletion confirmation (query optoutId): success links to the association; failure to the profile. */
export default function ConfirmAccountDeletionPage() {
  const { t } = useTranslation("public");
  const api = useService(TOKENS.api);
  const config = useConfig();
  const href = useRouteHref();
  const confirm = useCallback(
    (token: string) => api.confirmDeletion({ optOutToken: token }),
    [api],
  );
  return (
    <ConfirmationFlow
      action="confirmAccountDeletion"
      tokenParam="optoutId"
      confirm={confirm}
      dataQa="confirm-account-deletion"
      success={
        <PublicPage
          title={t("confirmDeletion.successTitle")}
          dataQa="confirm-account-deletion-success"
        >
          <p>{t("confirmDeletion.successText")}</p>
          <a
            href={config.branding.homepageUrl}
            className="button button--primary"
            data-qa="confirm-account-deletion-homepage"
          >
            {t("confirmDeletion.homepage", { association: config.branding.associationName })}
          </a>
        </PublicPage>
      }
      failure={
        <PublicPage
          title={t("confirmDeletion.failureTitle")}
          dataQa="confirm-account-deletion-failure"
        >
          <Notice tone="error" dataQa="confirm-account-deletion-error">
            {t("confirmDeletion.failureText")}
          </Notice>
          <Link to={href("profile")} data-qa="confirm-account-deletion-profile">
            {t("confirmDeletion.toProfile")}
          </Link>
        </PublicPage>
      }
    />
  );
}
