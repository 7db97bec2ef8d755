import { BASE_PATH, routeOfPath } from "@portal/core";
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { useService } from "./container-context.js";
import { TOKENS } from "./tokens.js";

/**
 * Per navigation: a page view for the route (spec section 2) and a scroll to the top
 * unless the URL has a hash.
 */
export function useRouteTracking(): void {
  const { pathname, search, hash } = useLocation();
  const analytics = useService(TOKENS.analytics);
  useEffect(() => {
    const absolute = `${BASE_PATH}${pathname.replace(/^\/+/, "")}`;
    analytics.pageView(routeOfPath(absolute)?.name ?? "not-found", absolute);
  }, [pathname, analytics]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation (path or query) scrolls
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo?.(0, 0);
  }, [pathname, search, hash]);
}
