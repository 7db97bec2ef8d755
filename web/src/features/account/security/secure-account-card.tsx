import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../../../app/services-context.js";
import { leaveSecured, securingFailed, securingStarted } from "../../../app/signed-out.js";
import { Notice } from "../../../components/notice.js";
import { ConfirmDialog } from "../shared/confirm-dialog.js";

/**
 * "Secure my account" on the security pages: the same as the alerts' "This wasn't me" link,
 * after a confirmation. It ends every sign-in, this one too: on success the browser signs
 * out locally and the base path says the account is secured and the reset mail is the way
 * in (issue 46). Meanwhile the session check, which sees the sign-in end before the answer
 * comes, must not show "You are signed out" with a "sign in again" that cannot work.
 */
export function SecureAccountCard() {
  const { t } = useTranslation("account");
  const { api, config } = useServices();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<"done" | "failed" | null>(null);
  // The button that opened the dialog stays; the outcome takes the focus so it is read out.
  const outcomeNotice = useRef<HTMLDivElement>(null);

  const confirm = async () => {
    setBusy(true);
    securingStarted();
    const result = await api.secureMyAccount();
    setAsking(false);
    setBusy(false);
    setOutcome(result.ok ? "done" : "failed");
    if (result.ok) leaveSecured(config.basePath);
    else securingFailed();
  };

  return (
    <section
      className="account-section security-section"
      aria-labelledby="secure-account-heading"
      data-qa="secure-account-card"
    >
      <h2 id="secure-account-heading">{t("SecureAccount.Title")}</h2>
      <p>{t("SecureAccount.Intro")}</p>
      {outcome === "done" ? (
        <Notice ref={outcomeNotice} tone="success" dataQa="secure-account-done">
          {t("SecureAccount.Done")}
        </Notice>
      ) : null}
      {outcome === "failed" ? (
        <Notice ref={outcomeNotice} tone="error" dataQa="secure-account-failed">
          {t("SecureAccount.Failed")}
        </Notice>
      ) : null}
      {outcome === "done" ? null : (
        <button
          type="button"
          className="btn btn--danger"
          data-qa="secure-account-open"
          disabled={busy}
          onClick={() => setAsking(true)}
        >
          {t("SecureAccount.Button")}
        </button>
      )}
      <ConfirmDialog
        danger
        open={asking}
        dataQa="secure-account-dialog"
        title={t("SecureAccount.Dialog.Title")}
        confirmLabel={t("SecureAccount.Dialog.Confirm")}
        cancelLabel={t("SecureAccount.Dialog.Cancel")}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
        focusAfterConfirm={() => outcomeNotice.current}
      >
        <p>{t("SecureAccount.Dialog.Text")}</p>
      </ConfirmDialog>
    </section>
  );
}
