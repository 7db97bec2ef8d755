import { DELETION_LINK_DAYS } from "@portal/core";
import { useTranslation } from "react-i18next";
import { useServices } from "../../app/services-context.js";
import { ResendMail } from "../../components/resend-mail.js";
import { useSuccessState } from "./shared/navigation-state.js";
import { SuccessLayout } from "./shared/success-layout.js";

/**
 * Route "request-account-deletion-success" (/konto/loeschen/danke): the deletion link
 * went out (valid 10 days); it can be sent again.
 */
export default function RequestAccountDeletionSuccessPage() {
  const { t } = useTranslation("account");
  const { api } = useServices();
  const { email } = useSuccessState();
  const days = DELETION_LINK_DAYS;
  return (
    <SuccessLayout
      dataQa="request-account-deletion-success"
      title={t("RequestAccountDeletionSuccess.Title")}
    >
      <p data-qa="request-account-deletion-success-text">
        {email
          ? t("RequestAccountDeletionSuccess.Sent", { email, days })
          : t("RequestAccountDeletionSuccess.SentNoAddress", { days })}
      </p>
      <ResendMail
        action="requestAccountDeletionResendEmail"
        send={() => api.requestDeletion()}
        dataQa="request-account-deletion-success"
        question={t("RequestAccountDeletionSuccess.NoMail")}
        label={t("RequestAccountDeletionSuccess.Resend")}
        sent={(answer) => t("RequestAccountDeletionSuccess.Resent", { email: answer.email })}
      />
    </SuccessLayout>
  );
}
