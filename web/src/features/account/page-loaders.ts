import type { RouteName } from "@portal/core";
import type { PageLoader } from "../../app/lazy-page.js";

/**
 * The signed-in account pages' chunks, keyed by the spec's route names (section 2). Plain
 * loaders without React, so the boot script can start the current page's download at once.
 */
export const accountPageLoaders = {
  profile: () => import("./profile-page.js"),
  "patch-person-success": () => import("./patch-person-success-page.js"),
  "change-mail-address": () => import("./change-mail-address-page.js"),
  "change-mail-address-success": () => import("./change-mail-address-success-page.js"),
  "request-account-deletion": () => import("./request-account-deletion-page.js"),
  "request-account-deletion-success": () => import("./request-account-deletion-success-page.js"),
  "change-password": () => import("./change-password-page.js"),
  "change-password-success": () => import("./change-password-success-page.js"),
  security: () => import("./security-page.js"),
  "sign-in-devices": () => import("./sign-in-devices-page.js"),
  company: () => import("./company-page.js"),
  "patch-person-company-success": () => import("./patch-person-company-success-page.js"),
  membership: () => import("./membership-page.js"),
  "register-membership-success": () => import("./register-membership-success-page.js"),
} as const satisfies Partial<Record<RouteName, PageLoader>>;
