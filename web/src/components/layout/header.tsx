import { type MenuItem, menuItems, webTargetKey } from "@portal/core";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useService } from "../../app/container-context.js";
import { useFirstPaintDone } from "../../app/first-paint.js";
import { useRouteHref } from "../../app/navigation.js";
import { usePerson } from "../../app/person.js";
import { useSession, useSignedInLayout } from "../../app/session.js";
import { TOKENS } from "../../app/tokens.js";
import { useConfig } from "../../app/use-config.js";
import { LanguageSwitcher } from "./language-switcher.js";

/**
 * The signed-in user's menu entries (core's visibility rules); while the sign-in check
 * runs and a signed-in user is expected, the entries every user has.
 */
function useMenuItems(signedInLayout: boolean): ReadonlyArray<MenuItem> {
  const { claims } = useSession();
  const { person } = usePerson();
  const config = useConfig();
  if (!signedInLayout) return [];
  return menuItems({
    claims,
    personLoaded: person !== null,
    securityPrefixes: config.securityMenu.memberNumberPrefixes,
    securityFeatureOn: config.securityMenu.enabled,
  });
}

/**
 * Where the logo leads a visitor: the web target of the registration key (else the
 * homepage). Looked up once the first frame is shown: the first paint does not wait for it.
 */
function useVisitorHome(enabled: boolean): string {
  const config = useConfig();
  const targets = useService(TOKENS.webTargets);
  const painted = useFirstPaintDone();
  const { search } = useLocation();
  const key = webTargetKey(new URLSearchParams(search).get("prk"));
  const [url, setUrl] = useState(config.branding.homepageUrl);
  useEffect(() => {
    if (!enabled || !painted) return;
    let live = true;
    void targets.get(key).then((r) => {
      if (live && r.ok) setUrl(r.value.url);
    });
    return () => {
      live = false;
    };
  }, [enabled, painted, key, targets]);
  return url;
}

function MenuList({ items, qa }: { items: ReadonlyArray<MenuItem>; qa: string }) {
  const { t } = useTranslation("common");
  const href = useRouteHref();
  const { pathname } = useLocation();
  return (
    <ul>
      {items.map((item) => {
        const to = href(item.route);
        const current = pathname === to.split("?")[0];
        return (
          <li key={item.id}>
            <Link to={to} data-qa={`${qa}-${item.id}`} aria-current={current ? "page" : undefined}>
              {t(item.labelKey)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The header: logo (to the profile when signed in, else to the web-target URL), the
 * language switcher, and for signed-in users the main menu and the mobile menu.
 */
export function Header() {
  const { t } = useTranslation("common");
  const signedInLayout = useSignedInLayout();
  const config = useConfig();
  const href = useRouteHref();
  const items = useMenuItems(signedInLayout);
  const visitorHome = useVisitorHome(!signedInLayout);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Escape closes the open mobile menu from the toggle or from inside the menu, and focus
  // goes back to the toggle so a keyboard user is not left on a hidden link.
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !mobileOpen) return;
    e.preventDefault();
    setMobileOpen(false);
    toggleRef.current?.focus();
  };
  // A navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => setMobileOpen(false), [pathname]);
  const association = config.branding.associationName;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbles up from the toggle and the menu's links
    <header className="header" onKeyDown={closeOnEscape}>
      <div className="header__bar">
        {signedInLayout ? (
          <Link to={href("profile")} className="header__logo" data-qa="header-logo">
            <span aria-hidden="true" className="logo-mark">
              ◆
            </span>
            <span className="visually-hidden">{t("header.logoProfile", { association })}</span>
            <span aria-hidden="true">{association}</span>
          </Link>
        ) : (
          <a href={visitorHome} className="header__logo" data-qa="header-logo">
            <span aria-hidden="true" className="logo-mark">
              ◆
            </span>
            <span className="visually-hidden">{t("header.logo", { association })}</span>
            <span aria-hidden="true">{association}</span>
          </a>
        )}
        <LanguageSwitcher />
        {items.length > 0 ? (
          <button
            ref={toggleRef}
            type="button"
            className="header__menu-toggle"
            data-qa="mobile-menu-toggle"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((o) => !o)}
          >
            {mobileOpen ? t("menu.close") : t("menu.open")}
          </button>
        ) : null}
      </div>
      {items.length > 0 ? (
        <>
          <nav className="main-menu" aria-label={t("menu.label")} data-qa="main-menu">
            <MenuList items={items} qa="main-menu" />
          </nav>
          <nav
            id="mobile-menu"
            className="mobile-menu"
            aria-label={t("menu.mobileLabel")}
            data-qa="mobile-menu"
            hidden={!mobileOpen}
          >
            <MenuList items={items} qa="mobile-menu" />
          </nav>
        </>
      ) : null}
    </header>
  );
}
