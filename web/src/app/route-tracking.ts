import { BASE_PATH, routeOfPath } from "@portal/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { useServices } from "./services-context.js";

/** How long a navigation waits for its page's heading (lazy chunk, sign-in, person load). */
const HEADING_WAIT_MS = 10_000;

/**
 * Focuses the main heading of the page in `main` once it is there, unless the user has
 * moved focus somewhere else meanwhile. Returns a function that stops waiting.
 */
function focusMainHeading(main: HTMLElement): () => void {
  // Focus left outside the content (body, the menu link just used) or on the main region
  // itself moves; focus the page placed inside its content stays.
  const focusIsFree = () =>
    document.activeElement === main || !main.contains(document.activeElement);
  const tryFocus = (): boolean => {
    const heading = main.querySelector<HTMLElement>("h1");
    if (!heading) return false;
    if (focusIsFree()) {
      if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * Per navigation: a page view for the route (spec section 2), a scroll to the top unless
 * the URL has a hash, focus on the new page's main heading, and the document title.
 */
export function useRouteTracking(): void {
  const { pathname, search, hash } = useLocation();
  const { analytics } = useServices();
  const { t, i18n } = useTranslation("common");
  const routeName = routeOfPath(`${BASE_PATH}${pathname.replace(/^\/+/, "")}`)?.name;
  useEffect(() => {
    const absolute = `${BASE_PATH}${pathname.replace(/^\/+/, "")}`;
    analytics.pageView(routeOfPath(absolute)?.name ?? "not-found", absolute);
  }, [pathname, analytics]);
  // Each screen has its own title in the user's language (WCAG 2.4.2).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a language switch retitles the page
  useEffect(() => {
    document.title = `${t(`pageTitle.${routeName ?? "not-found"}`)} – ${t("shared:Portal.name")}`;
  }, [routeName, t, i18n.language]);
  // The address the effect last ran for: the first load (and StrictMode's second run of the
  // same effect, which would otherwise count as a navigation and focus the heading of a
  // frame still being hydrated) is no navigation.
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo?.(0, 0);
    // After a navigation (not the first load) keyboard and screen-reader users start at the
    // new page's heading, which names where they are, rather than on a link that is gone.
    // A page that already placed focus elsewhere (e.g. a form's first error) keeps it.
    const main = document.getElementById("main");
    const address = `${pathname}${search}${hash}`;
    const navigated = last.current !== null && last.current !== address;
    last.current = address;
    if (navigated && !hash && main) return focusMainHeading(main);
  }, [pathname, search, hash]);
}
