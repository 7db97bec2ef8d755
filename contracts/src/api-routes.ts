import { API_CALLS, type ApiCallName, type ApiCalls } from "./api-calls.js";
import type { ApiRoute } from "./api-route.js";
import { PERSON_ROUTE_DOCS } from "./person-route-docs.js";
import { PUBLIC_ROUTE_DOCS } from "./public-route-docs.js";
import { SUPPORT_ROUTE_DOCS } from "./support-route-docs.js";

const DOCS = { ...PUBLIC_ROUTE_DOCS, ...PERSON_ROUTE_DOCS, ...SUPPORT_ROUTE_DOCS };

/**
 * Every call the server answers under `/api/`, keyed by name: spec section 7, the
 * support calls of the CLI, analytics and this table's own OpenAPI document. The server
 * registers its routes from these entries, the client in core makes its calls from the same
 * entries without their documentation (API_CALLS), and the OpenAPI document is generated
 * from them: a new call is one entry in the
 * table of its caller (public-routes.ts, person-routes.ts, support-routes.ts), its
 * documentation beside it (*-route-docs.ts), plus one handler (contracts/README.md).
 *
 * @example
 * API_ROUTES.getMe.method; // "GET"
 * apiPath(API_ROUTES.getWebTarget, { key: "MC" }); // "/api/user-management/web-targets/MC"
 */
export const API_ROUTES = Object.fromEntries(
  Object.entries(API_CALLS).map(([name, call]) => [
    name,
    { ...call, ...DOCS[name as ApiCallName] },
  ]),
) as { readonly [K in ApiCallName]: ApiCalls[K] & (typeof DOCS)[K] } satisfies Record<
  string,
  ApiRoute
>;

export type ApiRoutes = typeof API_ROUTES;
export type ApiRouteName = keyof ApiRoutes;
