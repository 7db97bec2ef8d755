import { MAILED_LINKS } from "@portal/core";
import { useTranslation } from "react-i18next";
import { useRouteHref } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { useSession } from "../../app/session.js";
import { ConfirmationPage } from "./confirmation-page.js";

/**
 * E-mail change confirmation (query optinId): success asks to log in again, which opens the
 * provider's sign-in form (prompt=login, whatever session the browser holds) and comes back
 * to the profile; failure links to the profile.
 */
export default function ChangeMailAddressOptinPage() {
  const { t } = useTranslation("public");
  const { api } = useServices();
  const { login } = useSession();
  const href = useRouteHref();
  return (
    <ConfirmationPage
      action="confirmUpdatedEmail"
      tokenParam={MAILED_LINKS.emailChange.token}
      confirm={(token) => api.confirmMailAddress({ confirmationToken: token })}
      dataQa="change-mail-address-optin"
      texts="changeMailOptin"
      next={
        <button
          type="button"
          className="btn btn--primary"
          data-qa="change-mail-address-optin-login"
          onClick={() =>
            void login({
              prompt: "login",
              redirectUri: new URL(
                href("profile").replace(/^\//, ""),
                `${window.location.origin}${import.meta.env.BASE_URL}`,
              ).href,
            })
          }
        >
          {t("changeMailOptin.login")}
        </button>
      }
    />
  );
}
