import { API_ROUTES, type ApiCallName, type ApiRoutes } from "@portal/contracts";
import type { FastifyInstance } from "fastify";
import { apiRoute, type RouteAnswer, type RouteInput } from "./api-route.js";
import type { AppDeps } from "./app-deps.js";

// A feature's routes as one table: the contracts' route name and its handler (the domain
// call only). One loop registers them all, each through apiRoute, so a feature lists
// what it answers instead of calling apiRoute once per route by hand.

/** The handlers of the routes named `K`, each typed by its entry of the route table. */
export type RouteHandlers<K extends ApiCallName> = {
  readonly [N in K]: (input: RouteInput<ApiRoutes[N]>) => Promise<RouteAnswer<ApiRoutes[N]>>;
};

/**
 * Registers every route of `handlers` with its entry of the contracts' route table.
 *
 * @example
 * apiRouteTable(app, deps, { getRecoveryCodes: ({ caller }) => status(caller.person.id) });
 */
export const apiRouteTable = <K extends ApiCallName>(
  app: FastifyInstance,
  deps: AppDeps,
  handlers: RouteHandlers<K>,
): void => {
  const register = <N extends K>(name: N): void =>
    apiRoute(app, deps, API_ROUTES[name], handlers[name]);
  for (const name of Object.keys(handlers) as K[]) register(name);
};
