import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * The public pages, keyed by the spec's route names (section 2), each a lazily loaded chunk.
 */
export const publicPages = {
  home: lazy(() => import("./home-page.js")),
  register: lazy(() => import("./register-page.js")),
  "register-members": lazy(() => import("./register-members-page.js")),
  "register-success": lazy(() => import("./register-success-page.js")),
  "register-optin": lazy(() => import("./register-optin-page.js")),
  "password-forgotten": lazy(() => import("./password-forgotten-page.js")),
  "password-forgotten-success": lazy(() => import("./password-forgotten-success-page.js")),
  "password-reset": lazy(() => import("./password-reset-page.js")),
  "password-reset-success": lazy(() => import("./password-reset-success-page.js")),
  "change-mail-address-optin": lazy(() => import("./change-mail-address-optin-page.js")),
  "confirm-account-deletion": lazy(() => import("./confirm-account-deletion-page.js")),
  login: lazy(() => import("./login-page.js")),
  logout: lazy(() => import("./logout-page.js")),
} as const satisfies Record<string, LazyExoticComponent<ComponentType>>;
