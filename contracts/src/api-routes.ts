import type { ApiRoute } from "./api-route.js";
import { PERSON_ROUTES } from "./person-routes.js";
import { PUBLIC_ROUTES } from "./public-routes.js";
import { SUPPORT_ROUTES } from "./support-routes.js";

/**
 * Every call the server answers under `/api/`, keyed by name: spec section 7, the
 * support calls of the CLI, analytics and this table's own OpenAPI document. The server
 * registers its routes from these entries, the client in core derives its calls from
 * them, and the OpenAPI document is generated from them: a new call is one entry in the
 * table of its caller (public-routes.ts, person-routes.ts, support-routes.ts) plus one
 * handler (contracts/README.md).
 *
 * @example
 * API_ROUTES.getMe.method; // "GET"
 * apiPath(API_ROUTES.getWebTarget, { key: "MC" }); // "/api/user-management/web-targets/MC"
 */
export const API_ROUTES = {
  ...PUBLIC_ROUTES,
  ...PERSON_ROUTES,
  ...SUPPORT_ROUTES,
} as const satisfies Record<string, ApiRoute>;

export type ApiRoutes = typeof API_ROUTES;
export type ApiRouteName = keyof ApiRoutes;
