import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useService } from "../../app/container-context.js";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useRouteHref } from "../../app/navigation.js";
import { TOKENS } from "../../app/tokens.js";
import { useAction } from "../../app/use-action.js";
import { Notice } from "../../components/notice.js";
import { PublicPage } from "./public-layout.js";

/** Registration sent: mail notice, resend, and login for those who confirmed on another device. */
export default function RegisterSuccessPage() {
  const { t } = useTranslation("public");
  const { state, search } = useLocation();
  const email = (state as { email?: string } | null)?.email ?? null;
  const api = useService(TOKENS.api);
  const { showFailure } = useFailureDialog();
  const href = useRouteHref();
  const resend = useAction("resendOptin");
  const invalidPrk = new URLSearchParams(search).get("invalidPrk") === "1";
  const onResend = async () => {
    if (!email) return;
    const r = await resend.run(() => api.resendOptInMail({ email }));
    if (!r.ok) showFailure(r.error, { dataQa: "resend-optin-error-dialog" });
  };
  return (
    <PublicPage title={t("registerSuccess.title")} dataQa="register-success-page">
      <p>{t("registerSuccess.text")}</p>
      {invalidPrk ? (
        <Notice tone="warning" dataQa="register-invalid-prk">
          {t("register.invalidPrk")}
        </Notice>
      ) : null}
      {resend.state.success ? (
        <Notice tone="success" dataQa="register-success-resent">
          {t("registerSuccess.resent")}
        </Notice>
      ) : null}
      <div className="button-row">
        {email ? (
          <button
            type="button"
            className="button"
            data-qa="register-success-resend"
            disabled={resend.state.submitting}
            onClick={() => void onResend()}
          >
            {t("registerSuccess.resend")}
          </button>
        ) : null}
        <Link to={href("login")} data-qa="register-success-login">
          {t("registerSuccess.login")}
        </Link>
      </div>
    </PublicPage>
  );
}
