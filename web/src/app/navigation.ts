import { carryOverQuery, type RouteName, routeByName } from "@portal/core";
import { useCallback } from "react";
import { type NavigateOptions, useLocation, useNavigate } from "react-router-dom";

/** Router path of a route (the router's basename is the base path). */
export const routerPath = (name: RouteName): string => `/${routeByName(name).path}`;

/**
 * The href of a route with client_id and prk carried over from the current query
 * (spec section 2); `query` adds values of its own.
 *
 * @example
 * const href = useRouteHref(); <Link to={href("register-success")} />
 */
export function useRouteHref(): (
  name: RouteName,
  query?: Readonly<Record<string, string>>,
) => string {
  const { search } = useLocation();
  return useCallback(
    (name, query) => {
      const own = query ? `?${new URLSearchParams(query).toString()}` : "";
      return carryOverQuery(search, `${routerPath(name)}${own}`);
    },
    [search],
  );
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
  const href = useRouteHref();
  return useCallback(
    (name, query, options) => navigate(href(name, query), options),
    [navigate, href],
  );
}
