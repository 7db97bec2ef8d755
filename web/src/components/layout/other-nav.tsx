import { useTranslation } from "react-i18next";
import { useSignedInLayout } from "../../app/session.js";
import { useConfig } from "../../app/use-config.js";

/** Other navigation: FAQ, sign up free (visitors), legal notice, cookie settings. */
export function OtherNav({ onCookieSettings }: { readonly onCookieSettings: () => void }) {
  const { t } = useTranslation("common");
  const { branding } = useConfig();
  const signedInLayout = useSignedInLayout();
  return (
    <nav className="other-nav" aria-label={t("otherNav.label")} data-qa="other-nav">
      <ul>
        <li>
          <a href={branding.faqUrl} data-qa="other-nav-faq">
            {t("otherNav.faq")}
          </a>
        </li>
        {signedInLayout ? null : (
          <li>
            <a href={branding.signUpUrl} data-qa="other-nav-sign-up">
              {t("otherNav.signUp")}
            </a>
          </li>
        )}
        <li>
          <a href={branding.legalNoticeUrl} data-qa="other-nav-legal-notice">
            {t("otherNav.legalNotice")}
          </a>
        </li>
        <li>
          <button
            type="button"
            className="link-button"
            data-qa="other-nav-cookie-settings"
            onClick={onCookieSettings}
          >
            {t("otherNav.cookieSettings")}
          </button>
        </li>
      </ul>
    </nav>
  );
}
