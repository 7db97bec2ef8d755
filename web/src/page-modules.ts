import type { RouteName } from "@portal/core";
import type { ComponentType } from "react";

/** A page module as its dynamic import yields it. */
export type PageModule = { readonly default: ComponentType };

/**
 * Every page's module by core's route name ("not-found": an address outside the route
 * table): the one place that names a page's file. The router's `lazy` (routes.tsx) loads
 * them; the boot script, which carries no React, starts the current one's download at once.
 */
export const pageModules = {
  home: () => import("./features/public/home-page.js"),
  register: () => import("./features/public/register-page.js"),
  "register-members": () => import("./features/public/register-members-page.js"),
  "register-success": () => import("./features/public/register-success-page.js"),
  "register-optin": () => import("./features/public/register-optin-page.js"),
  "password-forgotten": () => import("./features/public/password-forgotten-page.js"),
  "password-forgotten-success": () =>
    import("./features/public/password-forgotten-success-page.js"),
  "password-reset": () => import("./features/public/password-reset-page.js"),
  "password-reset-success": () => import("./features/public/password-reset-success-page.js"),
  "change-mail-address-optin": () => import("./features/public/change-mail-address-optin-page.js"),
  "cancel-mail-address-change": () =>
    import("./features/public/cancel-mail-address-change-page.js"),
  "revert-mail-address": () => import("./features/public/revert-mail-address-page.js"),
  "secure-account": () => import("./features/public/secure-account-page.js"),
  "confirm-account-deletion": () => import("./features/public/confirm-account-deletion-page.js"),
  "restore-account": () => import("./features/public/restore-account-page.js"),
  login: () => import("./features/public/login-page.js"),
  logout: () => import("./features/public/logout-page.js"),
  profile: () => import("./features/account/profile-page.js"),
  "patch-person-success": () => import("./features/account/patch-person-success-page.js"),
  "change-mail-address": () => import("./features/account/change-mail-address-page.js"),
  "change-mail-address-success": () =>
    import("./features/account/change-mail-address-success-page.js"),
  "request-account-deletion": () => import("./features/account/request-account-deletion-page.js"),
  "request-account-deletion-success": () =>
    import("./features/account/request-account-deletion-success-page.js"),
  "change-password": () => import("./features/account/change-password-page.js"),
  "change-password-success": () => import("./features/account/change-password-success-page.js"),
  security: () => import("./features/account/security-page.js"),
  "sign-in-devices": () => import("./features/account/sign-in-devices-page.js"),
  company: () => import("./features/account/company-page.js"),
  "patch-person-company-success": () =>
    import("./features/account/patch-person-company-success-page.js"),
  membership: () => import("./features/account/membership-page.js"),
  "register-membership-success": () =>
    import("./features/account/register-membership-success-page.js"),
  "not-found": () => import("./features/public/not-found-page.js"),
} as const satisfies Record<RouteName | "not-found", () => Promise<PageModule>>;
