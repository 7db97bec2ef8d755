import type { RouteName } from "@portal/core";
import type { PageLoader } from "./app/lazy-page.js";
import { accountPageLoaders } from "./features/account/page-loaders.js";
import { publicPageLoaders } from "./features/public/page-loaders.js";

/** Every page's chunk by route name (the boot script starts the current one at once). */
export const pageLoaders = {
  ...publicPageLoaders,
  ...accountPageLoaders,
} as const satisfies Record<RouteName, PageLoader>;

/** The page of an address outside the route table. */
export const notFoundPageLoader: PageLoader = () => import("./features/public/not-found-page.js");
