import { canDeleteAccount, DELETION_LINK_DAYS } from "@portal/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useRouteHref, useRouteNavigate } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { useSession } from "../../app/session.js";
import { useAction } from "../../app/use-action.js";
import { useConfig } from "../../app/use-config.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { AccountCard, AccountPage } from "./shared/account-page.js";
import { ConfirmDialog } from "./shared/confirm-dialog.js";
import { asksForFreshSignIn, useFreshSignIn } from "./shared/fresh-sign-in.js";

/**
 * Route "request-account-deletion" (/konto/loeschen): a confirmation dialog, then the
 * request that mails the deletion link. Member users cannot delete their account.
 */
export default function RequestAccountDeletionPage() {
  const { t } = useTranslation("account");
  const { claims } = useSession();
  const { api } = useServices();
  const action = useAction("requestAccountDeletion");
  const { showFailure } = useFailureDialog();
  const go = useRouteNavigate();
  const href = useRouteHref();
  const [confirming, setConfirming] = useState(false);
  // DELETION_GRACE_DAYS: the confirmation closes the account, erased that many days later.
  const grace = useConfig().deletionGraceDays;

  // `resumed`: sent by itself after a new sign-in, so a refusal now is only shown. From the
  // dialog, it stays (busy) until the next page replaces this one, or closes for a refusal.
  const send = async (resumed: boolean) => {
    const result = await action.run(() => api.requestDeletion());
    if (result.ok) {
      go("request-account-deletion-success", undefined, { state: { email: result.value.email } });
      return;
    }
    setConfirming(false);
    if (!resumed && asksForFreshSignIn(result.error.body)) await fresh.signInAgain();
    else showFailure(result.error, { dataQa: "request-account-deletion-error-dialog" });
  };
  const fresh = useFreshSignIn("request-account-deletion", () => void send(true));

  const request = async () => {
    // A deletion request needs a sign-in within 5 minutes: sign in again first, then on.
    if (fresh.needed()) {
      setConfirming(false);
      await fresh.signInAgain();
    } else await send(false);
  };

  if (!canDeleteAccount(claims)) {
    return (
      <AccountPage dataQa="request-account-deletion-page" title={t("RequestAccountDeletion.Title")}>
        <AccountCard>
          <Notice tone="info" dataQa="request-account-deletion-member-notice">
            {t("RequestAccountDeletion.MemberNotice")}
          </Notice>
          <p>
            <Link to={href("profile")} data-qa="request-account-deletion-back">
              {t("Common.BackToProfile")}
            </Link>
          </p>
        </AccountCard>
      </AccountPage>
    );
  }

  return (
    <AccountPage
      dataQa="request-account-deletion-page"
      title={t("RequestAccountDeletion.Title")}
      intro={
        grace > 0
          ? t("RequestAccountDeletion.IntroGrace", { count: grace })
          : t("RequestAccountDeletion.Intro")
      }
    >
      {/* The deletion's card, in the danger colour as on the profile; the dialog opens from it. */}
      <AccountCard tone="danger">
        <p>{t("RequestAccountDeletion.HowItWorks", { days: DELETION_LINK_DAYS })}</p>
        {fresh.redirecting ? (
          <Notice tone="info" dataQa="request-account-deletion-fresh-sign-in">
            {t("Common.FreshSignIn.Notice")}
          </Notice>
        ) : null}
        {action.state.submitting ? (
          <LoadingState dataQa="request-account-deletion-loading" />
        ) : null}
        <div className="actions">
          <button
            type="button"
            className="btn btn--danger"
            data-qa="request-account-deletion-submit"
            disabled={action.state.submitting || fresh.redirecting}
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
          >
            {t("RequestAccountDeletion.Submit")}
          </button>
          <Link
            to={href("profile")}
            className="btn btn--secondary"
            data-qa="request-account-deletion-cancel"
          >
            {t("shared:Actions.cancel")}
          </Link>
        </div>
        <ConfirmDialog
          danger
          open={confirming}
          dataQa="request-account-deletion-dialog"
          title={t("RequestAccountDeletion.Dialog.Title")}
          confirmLabel={t("RequestAccountDeletion.Dialog.Confirm")}
          cancelLabel={t("shared:Actions.cancel")}
          onConfirm={() => void request()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {grace > 0
              ? t("RequestAccountDeletion.Dialog.TextGrace", { count: grace })
              : t("RequestAccountDeletion.Dialog.Text")}
          </p>
        </ConfirmDialog>
      </AccountCard>
    </AccountPage>
  );
}
