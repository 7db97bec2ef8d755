import { BASE_PATH, routeOfPath } from "@portal/core";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { useService } from "./container-context.js";
import { TOKENS } from "./tokens.js";

/**
 * Per navigation: a page view for the route (spec section 2), a scroll to the top unless
 * the URL has a hash, and focus on the main content.
 */
export function useRouteTracking(): void {
  const { pathname, search, hash } = useLocation();
  const analytics = useService(TOKENS.analytics);
  useEffect(() => {
    const absolute = `${BASE_PATH}${pathname.replace(/^\/+/, "")}`;
    analytics.pageView(routeOfPath(absolute)?.name ?? "not-found", absolute);
  }, [pathname, analytics]);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation (path or query) scrolls
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo?.(0, 0);
    // After a navigation (not the first load) keyboard and screen-reader users start at the
    // new content rather than on a link that no longer exists.
    // A page that already placed focus inside the main content (e.g. on its headline) keeps it.
    const main = document.getElementById("main");
    if (first.current) first.current = false;
    else if (!hash && main && !main.contains(document.activeElement))
      main.focus({ preventScroll: true });
  }, [pathname, search, hash]);
}
