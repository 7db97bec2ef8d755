import { isFakeSuccess, MAILED_LINKS } from "@portal/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { useAction } from "../../app/use-action.js";
import { useConfig } from "../../app/use-config.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { SupportContact } from "../../components/support-contact.js";
import { PublicPage } from "./public-layout.js";
import { useDeletionLink } from "./use-deletion-link.js";

const QA = "confirm-account-deletion";

/**
 * Account deletion confirmation (query optoutId). Opening the link deletes nothing: the
 * page names the account (its address masked) and waits for one last click, because mail
 * gateways open links by themselves. Success links to the association; a link that no
 * longer works, or a refused deletion, leads back to the profile. The spec's fake-success
 * token (##123##) succeeds on the click without a call.
 */
export default function ConfirmAccountDeletionPage() {
  const { t } = useTranslation("public");
  const { api } = useServices();
  const config = useConfig();
  const href = useRouteHref();
  const token = new URLSearchParams(useLocation().search).get(MAILED_LINKS.deletion.token) ?? "";
  const link = useDeletionLink(token);
  const action = useAction("confirmAccountDeletion");
  // With a grace period the click closes the account and a mail brings the restore link.
  const graceDays = link.state === "live" ? link.graceDays : 0;

  const erase = () => {
    if (isFakeSuccess("confirmAccountDeletion", token)) action.dispatch({ type: "succeed" });
    else void action.run(() => api.confirmDeletion({ optOutToken: token }));
  };

  if (action.state.success)
    return (
      <PublicPage
        title={
          graceDays > 0 ? t("confirmDeletion.successTitleGrace") : t("confirmDeletion.successTitle")
        }
        dataQa={`${QA}-success`}
      >
        <p>
          {graceDays > 0 ? t("confirmDeletion.successTextGrace") : t("confirmDeletion.successText")}
        </p>
        <SupportContact dataQa={`${QA}-support-contact`} />
        <a
          href={config.branding.homepageUrl}
          className="btn btn--primary"
          data-qa={`${QA}-homepage`}
        >
          {t("confirmDeletion.homepage", { association: config.branding.associationName })}
        </a>
      </PublicPage>
    );
  if (action.state.error || link.state === "invalid")
    return (
      <PublicPage title={t("confirmDeletion.failureTitle")} dataQa={`${QA}-failure`}>
        <Notice tone="error" dataQa={`${QA}-error`}>
          {t("confirmDeletion.failureText")}
        </Notice>
        <Link to={href("profile")} data-qa={`${QA}-profile`}>
          {t("confirmDeletion.toProfile")}
        </Link>
      </PublicPage>
    );
  if (link.state === "checking") return <LoadingState dataQa={`${QA}-loading`} />;
  const busy = action.state.submitting;
  return (
    <PublicPage
      title={graceDays > 0 ? t("confirmDeletion.askTitleGrace") : t("confirmDeletion.askTitle")}
      dataQa={`${QA}-ask`}
    >
      <p data-qa={`${QA}-account`}>
        {link.maskedEmail
          ? t("confirmDeletion.askText", { email: link.maskedEmail })
          : t("confirmDeletion.askTextNoAddress")}
      </p>
      <p>
        {graceDays > 0
          ? t("confirmDeletion.askWarningGrace", { count: graceDays })
          : t("confirmDeletion.askWarning")}
      </p>
      <div className="actions">
        <button
          type="button"
          className="btn btn--danger"
          data-qa={`${QA}-submit`}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={erase}
        >
          {graceDays > 0 ? t("confirmDeletion.submitGrace") : t("confirmDeletion.submit")}
        </button>
        <Link to={href("profile")} className="btn btn--secondary" data-qa={`${QA}-keep`}>
          {t("confirmDeletion.keep")}
        </Link>
      </div>
    </PublicPage>
  );
}
