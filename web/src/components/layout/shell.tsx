import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSignedInLayout } from "../../app/session.js";
import { CookieSettingsDialog } from "./cookie-settings-dialog.js";
import { Footer } from "./footer.js";
import { Header } from "./header.js";
import { MenuList, useMenuItems } from "./menu.js";

/**
 * The page frame: skip link, header, then for a signed-in user the account centre (side
 * navigation beside the page; on small screens the header's menu instead), for a visitor
 * the page as a centred card; one footer area below.
 */
export function Shell({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation("common");
  const signedInLayout = useSignedInLayout();
  const items = useMenuItems(signedInLayout);
  const [cookiesOpen, setCookiesOpen] = useState(false);
  const account = items.length > 0;
  return (
    <div className="shell">
      <a className="skip-link" href="#main" data-qa="skip-link">
        {t("shared:Layout.skipToContent")}
      </a>
      <Header signedInLayout={signedInLayout} items={items} />
      <div className="shell__body">
        {account ? (
          <nav className="side-nav" aria-label={t("menu.label")} data-qa="main-menu">
            <MenuList items={items} qa="main-menu" />
          </nav>
        ) : null}
        <main id="main" className={account ? "page page--account" : "page"} tabIndex={-1}>
          {/* One wrapper either way: when the session ends on this page (a confirmed deletion),
              the layout changes but the page is not remounted (its effects, such as
              sending a single-use token, must not run again). */}
          <div className={account ? "page__content" : "page-card page-card--wide"}>{children}</div>
        </main>
      </div>
      <Footer signedInLayout={signedInLayout} onCookieSettings={() => setCookiesOpen(true)} />
      <CookieSettingsDialog open={cookiesOpen} onClose={() => setCookiesOpen(false)} />
    </div>
  );
}
