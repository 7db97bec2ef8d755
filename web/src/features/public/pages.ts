import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * The public pages, keyed by the spec's route names (section 2), each a lazily loaded chunk.
 */
export const publicPages = {
  home: lazy(() => import("./home-page.js")),
  login: lazy(() => import("./login-page.js")),
  logout: lazy(() => import("./logout-page.js")),
} as const satisfies Record<string, LazyExoticComponent<ComponentType>>;
