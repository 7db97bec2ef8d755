import type { RouteName } from "@portal/core";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * The signed-in account pages, keyed by the spec's route names (section 2), each a lazily
 * loaded chunk. The shell's route table spreads this object into its routes.
 */
export const accountPages = {
  profile: lazy(() => import("./profile-page.js")),
  "patch-person-success": lazy(() => import("./patch-person-success-page.js")),
  "change-mail-address": lazy(() => import("./change-mail-address-page.js")),
  "change-mail-address-success": lazy(() => import("./change-mail-address-success-page.js")),
  "request-account-deletion": lazy(() => import("./request-account-deletion-page.js")),
  "request-account-deletion-success": lazy(
    () => import("./request-account-deletion-success-page.js"),
  ),
  "change-password": lazy(() => import("./change-password-page.js")),
  "change-password-success": lazy(() => import("./change-password-success-page.js")),
  security: lazy(() => import("./security-page.js")),
  company: lazy(() => import("./company-page.js")),
  "patch-person-company-success": lazy(() => import("./patch-person-company-success-page.js")),
  membership: lazy(() => import("./membership-page.js")),
  "register-membership-success": lazy(() => import("./register-membership-success-page.js")),
} as const satisfies Partial<Record<RouteName, LazyExoticComponent<ComponentType>>>;

/** Route name of an account page. */
export type AccountPageName = keyof typeof accountPages;
