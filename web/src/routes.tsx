import { ROUTES, type RouteDefinition } from "@portal/core";
import type { i18n as I18n } from "i18next";
import { type ComponentType, Suspense } from "react";
import { Outlet, type RouteObject, useLocation } from "react-router-dom";
import type { AppServices } from "./app/app-services.js";
import { Protected } from "./app/protected.js";
import { AppProviders } from "./app/providers.js";
import { useRouteTracking } from "./app/route-tracking.js";
import { Shell } from "./components/layout/shell.js";
import { LoadingState } from "./components/loading-state.js";
import { routeNamespaces } from "./i18n/texts.js";
import { type PageModule, pageModules } from "./page-modules.js";

/** A route's page, mounted afresh for a new full path (query included, spec section 2). */
function RoutePage({
  route,
  Page,
}: {
  readonly route: RouteDefinition | undefined;
  readonly Page: ComponentType;
}) {
  const { pathname, search } = useLocation();
  const page = <Page key={`${pathname}${search}`} />;
  return route?.access === "protected" ? <Protected>{page}</Protected> : page;
}

/**
 * The page component of a route, from its module (loaded by the router's `lazy`), with the
 * texts its page reads (routeNamespaces): both before the page first renders, so it never
 * shows a key in place of a text. Namespaces already loaded are not fetched again.
 */
const pageRoute =
  (i18n: I18n, route: RouteDefinition | undefined, load: () => Promise<PageModule>) => async () => {
    const [{ default: Page }] = await Promise.all([
      load(),
      i18n.loadNamespaces([...routeNamespaces(route)]),
    ]);
    return { element: <RoutePage route={route} Page={Page} /> };
  };

/** The pages: core's route table, each page's module loaded when its route first matches. */
const pageRoutes = (i18n: I18n): RouteObject[] => [
  ...ROUTES.map((route): RouteObject => {
    const lazy = pageRoute(i18n, route, pageModules[route.name]);
    return route.path === ""
      ? { id: route.name, index: true, lazy }
      : { id: route.name, path: route.path, lazy };
  }),
  { id: "not-found", path: "*", lazy: pageRoute(i18n, undefined, pageModules["not-found"]) },
];

/** The frame around every page: the shell, and per navigation its tracking. */
function AppLayout() {
  useRouteTracking();
  return (
    <Shell>
      {/* A page part that suspends (texts of a namespace, a lazily loaded widget). */}
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </Shell>
  );
}

/**
 * The app's one route definition for a data router (browser, memory or static): the
 * providers and the shell around core's route table.
 */
export const createAppRoutes = ({
  services,
  i18n,
}: {
  readonly services: AppServices;
  readonly i18n: I18n;
}): RouteObject[] => [
  {
    id: "app",
    element: (
      <AppProviders services={services} i18n={i18n}>
        <AppLayout />
      </AppProviders>
    ),
    children: pageRoutes(i18n),
  },
];
