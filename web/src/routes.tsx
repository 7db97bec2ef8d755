import { ROUTES, type RouteDefinition, type RouteName } from "@portal/core";
import { Suspense, useEffect } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import { LazyPage, PageView } from "./app/lazy-page.js";
import { usePerson } from "./app/person.js";
import { useRouteTracking } from "./app/route-tracking.js";
import { useSession } from "./app/session.js";
import { Shell } from "./components/layout/shell.js";
import { LoadingState } from "./components/loading-state.js";
import { accountPages } from "./features/account/pages.js";
import { publicPages } from "./features/public/pages.js";
import { notFoundPageLoader } from "./page-loaders.js";

/** Every page of the route table, keyed by core's route names. */
export const pages = { ...publicPages, ...accountPages } as const satisfies Record<
  RouteName,
  LazyPage
>;

/** The page of an address outside the route table. */
export const notFoundPage = new LazyPage(notFoundPageLoader);

/**
 * Protected routes force sign-in first (once the sign-in check has answered); the page
 * loads once signed in and the person is known.
 */
function Protected({ children }: { readonly children: React.ReactNode }) {
  const { checking, authenticated, login } = useSession();
  const { loading } = usePerson();
  useEffect(() => {
    if (!checking && !authenticated) void login({ redirectUri: window.location.href });
  }, [checking, authenticated, login]);
  if (checking || !authenticated || loading) return <LoadingState />;
  return <>{children}</>;
}

function RoutePage({ route }: { readonly route: RouteDefinition }) {
  // A new full path (query included) mounts the page afresh (spec section 2).
  const { pathname, search } = useLocation();
  const page = <PageView key={`${pathname}${search}`} page={pages[route.name]} />;
  return route.access === "protected" ? <Protected>{page}</Protected> : page;
}

/** The one route table: core's ROUTES mapped to lazily loaded pages inside the shell. */
export function AppRoutes() {
  useRouteTracking();
  return (
    <Shell>
      <Suspense fallback={<LoadingState />}>
        <Routes>
          {ROUTES.map((route) =>
            route.path === "" ? (
              <Route key={route.name} index element={<RoutePage route={route} />} />
            ) : (
              <Route key={route.name} path={route.path} element={<RoutePage route={route} />} />
            ),
          )}
          <Route path="*" element={<PageView page={notFoundPage} />} />
        </Routes>
      </Suspense>
    </Shell>
  );
}
