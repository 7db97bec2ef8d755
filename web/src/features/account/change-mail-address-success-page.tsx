import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { ResendMail } from "../../components/resend-mail.js";
import { useSuccessState } from "./shared/navigation-state.js";
import { SuccessLayout } from "./shared/success-layout.js";

/**
 * Route "change-mail-address-success" (/konto/email-aendern/danke): the confirmation
 * mail went out; resend it, or go back and enter the address again.
 */
export default function ChangeMailAddressSuccessPage() {
  const { t } = useTranslation("account");
  const { api } = useServices();
  const href = useRouteHref();
  const { email } = useSuccessState();
  return (
    <SuccessLayout dataQa="change-mail-address-success" title={t("ChangeMailAddressSuccess.Title")}>
      <p data-qa="change-mail-address-success-text">
        {email
          ? t("ChangeMailAddressSuccess.Sent", { email })
          : t("ChangeMailAddressSuccess.SentNoAddress")}
      </p>
      <p>{t("ChangeMailAddressSuccess.AfterConfirm")}</p>
      <ResendMail
        action="resendSetNewEmail"
        send={() => api.resendChangeMailAddress()}
        dataQa="change-mail-address-success"
        question={t("ChangeMailAddressSuccess.NoMail")}
        label={t("ChangeMailAddressSuccess.Resend")}
        sent={(answer) => t("ChangeMailAddressSuccess.Resent", { email: answer.email })}
      />
      <p>
        <Link to={href("change-mail-address")} data-qa="change-mail-address-success-re-enter">
          {t("ChangeMailAddressSuccess.ReEnter")}
        </Link>
      </p>
    </SuccessLayout>
  );
}
