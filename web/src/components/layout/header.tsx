import { LINK_QUERY, type MenuItem, webTargetKey } from "@portal/core";
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useAfter } from "../../app/deferred-work.js";
import { leaveFor, useRouteHref } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { useConfig } from "../../app/use-config.js";
import { useLoad } from "../../app/use-load.js";
import { LanguageSwitcher } from "./language-switcher.js";
import { MenuList } from "./menu.js";
import { SignedInAccount } from "./signed-in-account.js";

/**
 * Where the logo leads a visitor: the web target of the registration key (else the
 * homepage). Looked up once the first frame is shown and the visitor starts to use the
 * page: a visitor who only reads loads no API client for it. A click that comes before
 * the answer (the logo pressed first: the press starts the lookup) waits for it, so the
 * logo never leads elsewhere than its target.
 */
function useVisitorHome(enabled: boolean): {
  readonly url: string;
  readonly onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
} {
  const config = useConfig();
  const { webTargets: targets } = useServices();
  const painted = useAfter("paint");
  const interacted = useAfter("interaction");
  const { search } = useLocation();
  const key = webTargetKey(new URLSearchParams(search).get(LINK_QUERY.webTargetKey));
  // The lookup is shared (web targets are cached per page load): nothing to abort.
  const { load } = useLoad(enabled && painted && interacted ? key : null, () => targets.get(key));
  const homepage = config.branding.homepageUrl;
  const answered = load.state === "loaded" || load.state === "failed";
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A click that opens a new tab or window keeps the browser's way.
    if (answered || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void targets.get(key).then(
      (result) => leaveFor(result.ok ? result.value.url : homepage),
      () => leaveFor(homepage),
    );
  };
  return { url: load.state === "loaded" ? load.value.url : homepage, onClick };
}

/**
 * The header: brand (to the profile when signed in, else to the web-target URL), the
 * language switch and, for signed-in users on small screens, the menu button. The open
 * menu keeps focus between the button and its links (Tab wraps), and closes on Escape, on
 * a click outside and on navigation. Wide screens show the side navigation instead.
 */
export function Header({
  signedInLayout,
  items,
}: {
  readonly signedInLayout: boolean;
  readonly items: ReadonlyArray<MenuItem>;
}) {
  const { t } = useTranslation("common");
  const config = useConfig();
  const href = useRouteHref();
  const visitorHome = useVisitorHome(!signedInLayout);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const onKeyDown = (e: KeyboardEvent) => {
    if (!mobileOpen) return;
    // Escape closes the menu, and focus goes back to the button so a keyboard user is not
    // left on a hidden link.
    if (e.key === "Escape") {
      e.preventDefault();
      setMobileOpen(false);
      toggleRef.current?.focus();
      return;
    }
    if (e.key !== "Tab") return;
    const links = [...(menuRef.current?.querySelectorAll<HTMLElement>("a") ?? [])];
    const ring = [toggleRef.current, ...links].filter((el): el is HTMLElement => el !== null);
    const at = ring.indexOf(document.activeElement as HTMLElement);
    const next = e.shiftKey ? (at <= 0 ? ring.length - 1 : at - 1) : (at + 1) % ring.length;
    e.preventDefault();
    ring[next]?.focus();
  };
  // A navigation closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => setMobileOpen(false), [pathname]);
  // So does a click or tap outside the header.
  useEffect(() => {
    if (!mobileOpen) return;
    const outside = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) setMobileOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [mobileOpen]);
  const association = config.branding.associationName;
  const brand = (label: string) => (
    <>
      <span className="brand-mark" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
      <span className="site-header__name" aria-hidden="true">
        {association}
      </span>
    </>
  );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and Tab bubble up from the menu button and the menu's links
    <header ref={headerRef} className="site-header" onKeyDown={onKeyDown}>
      <div className="site-header__bar">
        {signedInLayout ? (
          <Link to={href("profile")} className="site-header__brand" data-qa="header-logo">
            {brand(t("header.logoProfile", { association }))}
          </Link>
        ) : (
          <a
            href={visitorHome.url}
            onClick={visitorHome.onClick}
            className="site-header__brand"
            data-qa="header-logo"
          >
            {brand(t("header.logo", { association }))}
          </a>
        )}
        <div className="site-header__actions">
          {signedInLayout ? <SignedInAccount place="bar" /> : null}
          <LanguageSwitcher />
          {items.length > 0 ? (
            <button
              ref={toggleRef}
              type="button"
              className="menu-toggle"
              data-qa="mobile-menu-toggle"
              aria-expanded={mobileOpen}
              aria-controls="mobile-menu"
              onClick={() => setMobileOpen((o) => !o)}
            >
              <span className="menu-toggle__icon" aria-hidden="true" />
              <span className="visually-hidden">
                {mobileOpen ? t("menu.close") : t("menu.open")}
              </span>
            </button>
          ) : null}
        </div>
      </div>
      {items.length > 0 ? (
        <nav
          ref={menuRef}
          id="mobile-menu"
          className="mobile-menu"
          aria-label={t("menu.mobileLabel")}
          data-qa="mobile-menu"
          hidden={!mobileOpen}
        >
          <SignedInAccount place="menu" />
          <MenuList items={items} qa="mobile-menu" />
        </nav>
      ) : null}
    </header>
  );
}
