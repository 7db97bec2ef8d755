import { useTranslation } from "react-i18next";
import { useServices } from "../../app/services-context.js";
import { useConfig } from "../../app/use-config.js";
import { ConfirmationPage } from "./confirmation-page.js";

/** Account deletion confirmation (query optoutId): success links to the association; failure to the profile. */
export default function ConfirmAccountDeletionPage() {
  const { t } = useTranslation("public");
  const { api } = useServices();
  const config = useConfig();
  return (
    <ConfirmationPage
      action="confirmAccountDeletion"
      tokenParam="optoutId"
      confirm={(token) => api.confirmDeletion({ optOutToken: token })}
      dataQa="confirm-account-deletion"
      texts="confirmDeletion"
      next={
        <a
          href={config.branding.homepageUrl}
          className="btn btn--primary"
          data-qa="confirm-account-deletion-homepage"
        >
          {t("confirmDeletion.homepage", { association: config.branding.associationName })}
        </a>
      }
    />
  );
}
