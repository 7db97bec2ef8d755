import { useTranslation } from "react-i18next";
import { useConfig } from "../../app/use-config.js";

/** Footer: copyright with year and association name, cookie settings, legal notice. */
export function Footer({ onCookieSettings }: { readonly onCookieSettings: () => void }) {
  const { t } = useTranslation("common");
  const config = useConfig();
  return (
    <footer className="footer" data-qa="footer">
      <p data-qa="footer-copyright">
        {t("footer.copyright", {
          year: new Date().getFullYear(),
          association: config.branding.associationName,
        })}
      </p>
      <ul aria-label={t("footer.label")}>
        <li>
          <button
            type="button"
            className="link-button"
            data-qa="footer-cookie-settings"
            onClick={onCookieSettings}
          >
            {t("footer.cookieSettings")}
          </button>
        </li>
        <li>
          <a href={config.branding.legalNoticeUrl} data-qa="footer-legal-notice">
            {t("footer.legalNotice")}
          </a>
        </li>
      </ul>
    </footer>
  );
}
