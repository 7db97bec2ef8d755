import type { MailSentResponse } from "@portal/contracts";
import { type ApiResult, DELETION_LINK_DAYS } from "@portal/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useServices } from "../../app/services-context.js";
import { useConfig } from "../../app/use-config.js";
import { Notice } from "../../components/notice.js";
import { ResendMail } from "../../components/resend-mail.js";
import { asksForFreshSignIn, useFreshSignIn } from "./shared/fresh-sign-in.js";
import { useSuccessState } from "./shared/navigation-state.js";
import { SuccessLayout } from "./shared/success-layout.js";

const QA = "request-account-deletion-success";

/** A call's answer that never comes: the browser is leaving for the sign-in. */
const leaving = <T,>(): ApiResult<T> => new Promise(() => undefined);

/**
 * Route "request-account-deletion-success" (/konto/loeschen/danke): the deletion link
 * went out (valid 10 days); it can be sent again. The resend is a deletion request and
 * needs a sign-in within 5 minutes, as the first one did: when that is older (or the
 * server says so), the person signs in again, comes back here, and the mail goes out by
 * itself with its notice, as the data download does.
 */
export default function RequestAccountDeletionSuccessPage() {
  const { t } = useTranslation("account");
  const { api } = useServices();
  const { showFailure } = useFailureDialog();
  const { email } = useSuccessState();
  const [resentTo, setResentTo] = useState<string | null>(null);
  const days = DELETION_LINK_DAYS;
  // DELETION_GRACE_DAYS: the link closes the account, erased that many days later.
  const grace = useConfig().deletionGraceDays;
  const sent =
    grace > 0
      ? email
        ? t("RequestAccountDeletionSuccess.SentGrace", { email, days, count: grace })
        : t("RequestAccountDeletionSuccess.SentNoAddressGrace", { days, count: grace })
      : email
        ? t("RequestAccountDeletionSuccess.Sent", { email, days })
        : t("RequestAccountDeletionSuccess.SentNoAddress", { days });

  const fresh = useFreshSignIn("resend-account-deletion", () => {
    void api.requestDeletion().then((r) => {
      if (r.ok) setResentTo(r.value.email);
      else showFailure(r.error, { dataQa: `${QA}-error-dialog` });
    });
  });

  // The resend button's call: through the new sign-in when needed (the answer then never
  // comes: the page leaves, and the button stays busy until it has).
  const resend = async (): ApiResult<MailSentResponse> => {
    if (fresh.needed() && (await fresh.signInAgain())) return leaving();
    const result = await api.requestDeletion();
    if (!result.ok && asksForFreshSignIn(result.error.body) && (await fresh.signInAgain()))
      return leaving();
    return result;
  };

  return (
    <SuccessLayout dataQa={QA} title={t("RequestAccountDeletionSuccess.Title")}>
      <p data-qa={`${QA}-text`}>{sent}</p>
      {fresh.redirecting ? (
        <Notice tone="info" dataQa={`${QA}-fresh-sign-in`}>
          {t("Common.FreshSignIn.Notice")}
        </Notice>
      ) : null}
      {resentTo !== null ? (
        <Notice tone="success" dataQa={`${QA}-resent-after-sign-in`}>
          {t("RequestAccountDeletionSuccess.Resent", { email: resentTo })}
        </Notice>
      ) : null}
      <ResendMail
        action="requestAccountDeletionResendEmail"
        send={resend}
        dataQa={QA}
        question={t("RequestAccountDeletionSuccess.NoMail")}
        label={t("RequestAccountDeletionSuccess.Resend")}
        sent={(answer) => t("RequestAccountDeletionSuccess.Resent", { email: answer.email })}
      />
    </SuccessLayout>
  );
}
