import { useTranslation } from "react-i18next";
import { useConfig } from "../../app/use-config.js";
import { useCopyrightYear } from "./copyright-year.js";

/**
 * The one footer area: the spec's other navigation (FAQ, sign up free for visitors, legal
 * notice, cookie settings) and its footer (copyright, cookie settings, legal notice) drawn
 * together, so no link appears twice on screen.
 */
export function Footer({
  signedInLayout,
  onCookieSettings,
}: {
  readonly signedInLayout: boolean;
  readonly onCookieSettings: () => void;
}) {
  const { t } = useTranslation("shared");
  const { branding } = useConfig();
  const year = useCopyrightYear();
  return (
    <footer className="site-footer" data-qa="footer">
      <div className="site-footer__inner">
        <nav aria-label={t("Layout.moreLinks")} data-qa="other-nav">
          <ul className="site-footer__links">
            <li>
              <a href={branding.faqUrl} data-qa="other-nav-faq">
                {t("Layout.faq")}
              </a>
            </li>
            {signedInLayout ? null : (
              <li>
                <a href={branding.signUpUrl} data-qa="other-nav-sign-up">
                  {t("Layout.signUp")}
                </a>
              </li>
            )}
            <li>
              <a href={branding.legalNoticeUrl} data-qa="footer-legal-notice">
                {t("Layout.legalNotice")}
              </a>
            </li>
            <li>
              <button type="button" data-qa="footer-cookie-settings" onClick={onCookieSettings}>
                {t("Layout.cookieSettings")}
              </button>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copy" data-qa="footer-copyright">
          {t("Layout.copyright", {
            year,
            association: branding.associationName,
          })}
        </p>
      </div>
    </footer>
  );
}
