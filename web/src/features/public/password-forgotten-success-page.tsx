import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useService } from "../../app/container-context.js";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useRouteHref } from "../../app/navigation.js";
import { TOKENS } from "../../app/tokens.js";
import { useAction } from "../../app/use-action.js";
import { Notice } from "../../components/notice.js";
import { PublicPage } from "./public-layout.js";

/** Reset link sent (the same answer for every address); the mail can be sent again. */
export default function PasswordForgottenSuccessPage() {
  const { t } = useTranslation("public");
  const email = (useLocation().state as { email?: string } | null)?.email ?? null;
  const api = useService(TOKENS.api);
  const { showFailure } = useFailureDialog();
  const href = useRouteHref();
  const resend = useAction("passwordForgotten");
  const onResend = async () => {
    if (!email) return;
    const r = await resend.run(() => api.requestPasswordResetMail({ email }));
    if (!r.ok) showFailure(r.error, { dataQa: "password-forgotten-error-dialog" });
  };
  return (
    <PublicPage
      title={t("passwordForgottenSuccess.title")}
      dataQa="password-forgotten-success-page"
    >
      <p>{t("passwordForgottenSuccess.text")}</p>
      {resend.state.success ? (
        <Notice tone="success" dataQa="password-forgotten-resent">
          {t("passwordForgottenSuccess.resent")}
        </Notice>
      ) : null}
      <div className="button-row">
        {email ? (
          <button
            type="button"
            className="button"
            data-qa="password-forgotten-resend"
            disabled={resend.state.submitting}
            onClick={() => void onResend()}
          >
            {t("passwordForgottenSuccess.resend")}
          </button>
        ) : (
          <Link to={href("password-forgotten")} data-qa="password-forgotten-again">
            {t("passwordForgottenSuccess.again")}
          </Link>
        )}
      </div>
    </PublicPage>
  );
}
