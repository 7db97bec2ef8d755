import { ROUTES, type RouteDefinition, type RouteName } from "@portal/core";
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import { usePerson } from "./app/person.js";
import { useRouteTracking } from "./app/route-tracking.js";
import { useSession } from "./app/session.js";
import { Shell } from "./components/layout/shell.js";
import { LoadingState } from "./components/loading-state.js";
import { accountPages } from "./features/account/pages.js";
import { publicPages } from "./features/public/pages.js";

/** Every page of the route table, keyed by core's route names. */
export const pages = { ...publicPages, ...accountPages } as const satisfies Record<
  RouteName,
  LazyExoticComponent<ComponentType>
>;

const NotFoundPage = lazy(() => import("./features/public/not-found-page.js"));

/** Protected routes force sign-in first; the page loads once signed in and the person is known. */
function Protected({ children }: { readonly children: React.ReactNode }) {
  const { authenticated, login } = useSession();
  const { loading } = usePerson();
  useEffect(() => {
    if (!authenticated) void login({ redirectUri: window.location.href });
  }, [authenticated, login]);
  if (!authenticated || loading) return <LoadingState />;
  return <>{children}</>;
}

function RoutePage({ route }: { readonly route: RouteDefinition }) {
  const Page = pages[route.name];
  // A new full path (query included) mounts the page afresh (spec section 2).
  const { pathname, search } = useLocation();
  const page = <Page key={`${pathname}${search}`} />;
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
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </Shell>
  );
}
