import { carryOverQuery, type RouteName, routeByName } from "@portal/core";
import { useCallback, useSyncExternalStore } from "react";
import { type NavigateOptions, useLocation, useNavigate } from "react-router-dom";

/** Router path of a route (the router's basename is the base path). */
export const routerPath = (name: RouteName): string => `/${routeByName(name).path}`;

const noSubscription = () => () => undefined;

/** `toPath` of a route with its own query and client_id and prk carried over from `search`. */
const routeHref = (
  search: string,
  name: RouteName,
  query?: Readonly<Record<string, string>>,
): string =>
  carryOverQuery(
    search,
    `${routerPath(name)}${query ? `?${new URLSearchParams(query).toString()}` : ""}`,
  );

/**
 * The href of a route with client_id and prk carried over from the current query
 * (spec section 2); `query` adds values of its own. While React hydrates a prerendered
 * frame (rendered without a query) nothing is carried, as in the frame; the links get the
 * query right after (React leaves an attribute that differs from the frame's as it was).
 *
 * @example
 * const href = useRouteHref(); <Link to={href("register-success")} />
 */
export function useRouteHref(): (
  name: RouteName,
  query?: Readonly<Record<string, string>>,
) => string {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const { search } = useLocation();
  const carried = hydrated ? search : "";
  return useCallback((name, query) => routeHref(carried, name, query), [carried]);
}

/**
 * Navigates to a route by name, carrying client_id and prk over.
 *
 * @example
 * const go = useRouteNavigate(); go("patch-person-success");
 */
export function useRouteNavigate(): (
  name: RouteName,
  query?: Readonly<Record<string, string>>,
  options?: NavigateOptions,
) => void {
  const navigate = useNavigate();
  // The address's own query, also in an effect of the hydrating render.
  const { search } = useLocation();
  return useCallback(
    (name, query, options) => navigate(routeHref(search, name, query), options),
    [navigate, search],
  );
}

/**
 * Leaves the app for an address outside it (a web target, the provider): a full page load.
 * One place for it, so a test can watch where the app sends the browser.
 */
export const leaveFor = (url: string): void => window.location.assign(url);
