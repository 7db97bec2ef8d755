import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { CookieSettingsDialog } from "./cookie-settings-dialog.js";
import { Footer } from "./footer.js";
import { Header } from "./header.js";
import { OtherNav } from "./other-nav.js";

/** The page frame: skip link, header with menus, main content, other navigation, footer. */
export function Shell({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation("common");
  const [cookiesOpen, setCookiesOpen] = useState(false);
  const openCookies = () => setCookiesOpen(true);
  return (
    <div className="shell">
      <a className="skip-link" href="#main" data-qa="skip-link">
        {t("skipToContent")}
      </a>
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <OtherNav onCookieSettings={openCookies} />
      <Footer onCookieSettings={openCookies} />
      <CookieSettingsDialog open={cookiesOpen} onClose={() => setCookiesOpen(false)} />
    </div>
  );
}
