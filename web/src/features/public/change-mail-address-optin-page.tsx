import { useTranslation } from "react-i18next";
import { useService } from "../../app/container-context.js";
import { useSession } from "../../app/session.js";
import { TOKENS } from "../../app/tokens.js";
import { ConfirmationPage } from "./confirmation-page.js";

/** E-mail change confirmation (query optinId): success asks to log in again; failure links to the profile. */
export default function ChangeMailAddressOptinPage() {
  const { t } = useTranslation("public");
  const api = useService(TOKENS.api);
  const { logout } = useSession();
  return (
    <ConfirmationPage
      action="confirmUpdatedEmail"
      tokenParam="optinId"
      confirm={(token) => api.confirmMailAddress({ confirmationToken: token })}
      dataQa="change-mail-address-optin"
      texts="changeMailOptin"
      next={
        <button
          type="button"
          className="button button--primary"
          data-qa="change-mail-address-optin-login"
          onClick={() => void logout()}
        >
          {t("changeMailOptin.login")}
        </button>
      }
    />
  );
}
