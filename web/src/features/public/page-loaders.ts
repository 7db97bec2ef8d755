import type { PageLoader } from "../../app/lazy-page.js";

/**
 * The public pages' chunks, keyed by the spec's route names (section 2). Plain loaders
 * without React, so the boot script can start the current page's download at once.
 */
export const publicPageLoaders = {
  home: () => import("./home-page.js"),
  register: () => import("./register-page.js"),
  "register-members": () => import("./register-members-page.js"),
  "register-success": () => import("./register-success-page.js"),
  "register-optin": () => import("./register-optin-page.js"),
  "password-forgotten": () => import("./password-forgotten-page.js"),
  "password-forgotten-success": () => import("./password-forgotten-success-page.js"),
  "password-reset": () => import("./password-reset-page.js"),
  "password-reset-success": () => import("./password-reset-success-page.js"),
  "change-mail-address-optin": () => import("./change-mail-address-optin-page.js"),
  "cancel-mail-address-change": () => import("./cancel-mail-address-change-page.js"),
  "revert-mail-address": () => import("./revert-mail-address-page.js"),
  "confirm-account-deletion": () => import("./confirm-account-deletion-page.js"),
  login: () => import("./login-page.js"),
  logout: () => import("./logout-page.js"),
} as const satisfies Record<string, PageLoader>;
