import { exportFileName } from "@portal/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFailureDialog } from "../../../app/failure-dialog-state.js";
import { useServices } from "../../../app/services-context.js";
import { LoadingState } from "../../../components/loading-state.js";
import { Notice } from "../../../components/notice.js";
import { AccountCard } from "../shared/account-page.js";
import { asksForFreshSignIn, useFreshSignIn } from "../shared/fresh-sign-in.js";
import { saveJsonFile } from "./save-file.js";

type Download =
  | { readonly state: "idle" }
  | { readonly state: "preparing" }
  | { readonly state: "saved"; readonly file: string };

/**
 * "Your data": what the export holds and the button that downloads it as
 * `portal-export-YYYY-MM-DD.json` (`GET /persons/me/export`). Like a deletion request it
 * needs a sign-in within the last 5 minutes: the page signs in again first and then starts
 * the download by itself. Refusals (too many downloads, a failure) open the app's failure
 * dialog in the page's language.
 */
export function PrivacySection() {
  const { t } = useTranslation("account");
  const { api } = useServices();
  const { showFailure } = useFailureDialog();
  const [download, setDownload] = useState<Download>({ state: "idle" });

  // `resumed`: started by itself after a new sign-in, so another refusal is only shown.
  const fetchAndSave = async (resumed: boolean) => {
    setDownload({ state: "preparing" });
    const result = await api.exportMyData();
    if (result.ok) {
      const file = exportFileName(new Date());
      saveJsonFile(result.value, file);
      setDownload({ state: "saved", file });
      return;
    }
    setDownload({ state: "idle" });
    if (!resumed && asksForFreshSignIn(result.error.body)) await fresh.signInAgain();
    else showFailure(result.error, { dataQa: "privacy-download-error-dialog" });
  };
  // Back from the new sign-in the page opens at its top, far from this section: the
  // download's notice is brought into view and takes the focus (read at once), first
  // "starting", then "saved as".
  const [resumed, setResumed] = useState(false);
  const fresh = useFreshSignIn("export-my-data", () => {
    setResumed(true);
    void fetchAndSave(true);
  });
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!resumed || download.state === "idle") return;
    notice.current?.scrollIntoView?.({ block: "center" });
    notice.current?.focus({ preventScroll: true });
  }, [resumed, download.state]);

  const start = async () => {
    if (fresh.needed()) await fresh.signInAgain();
    else await fetchAndSave(false);
  };

  const busy = download.state === "preparing" || fresh.redirecting;
  return (
    <AccountCard
      dataQa="profile-privacy"
      title={t("Profile.Sections.Privacy")}
      titleId="profile-privacy"
      tone="short"
    >
      <p>{t("Profile.Privacy.Short")}</p>
      {/* What the file holds and when a new sign-in is asked: there for whoever wants it. */}
      <details className="disclosure" data-qa="privacy-details">
        <summary>{t("Profile.Privacy.WhatsInside")}</summary>
        <p>{t("Profile.Privacy.Intro")}</p>
        <p className="text-muted">{t("Profile.Privacy.FreshSignInHint")}</p>
      </details>
      {fresh.redirecting ? (
        <Notice tone="info" dataQa="privacy-fresh-sign-in">
          {t("Profile.Privacy.FreshSignIn")}
        </Notice>
      ) : null}
      {download.state === "preparing" && resumed ? (
        <Notice tone="info" dataQa="privacy-resumed" ref={notice}>
          {t("Profile.Privacy.Resumed")}
        </Notice>
      ) : null}
      {download.state === "preparing" ? (
        <LoadingState dataQa="privacy-preparing" label={t("Profile.Privacy.Preparing")} />
      ) : null}
      {download.state === "saved" ? (
        <Notice tone="success" dataQa="privacy-saved" {...(resumed ? { ref: notice } : {})}>
          {t("Profile.Privacy.Saved", { file: download.file })}
        </Notice>
      ) : null}
      <button
        type="button"
        className="btn btn--secondary"
        data-qa="privacy-download"
        disabled={busy}
        onClick={() => void start()}
      >
        {t("Profile.Privacy.Download")}
      </button>
    </AccountCard>
  );
}
