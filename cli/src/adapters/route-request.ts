import { type ApiRoute, apiPath } from "@portal/contracts";
import type { HttpRequest } from "./http-client.js";

/** The parts of a call that differ between calls of one route. */
export interface RouteCall {
  readonly params?: Record<string, string>;
  readonly query?: Record<string, string>;
  readonly body?: unknown;
  readonly bearer?: string | null;
}

/**
 * The request for one entry of the contracts' route table: method, filled path,
 * query string, content type (JSON Patch for the patch route) and bearer token.
 */
export const routeRequest = (route: ApiRoute, call: RouteCall = {}): HttpRequest => {
  const query =
    call.query && Object.keys(call.query).length ? `?${new URLSearchParams(call.query)}` : "";
  return {
    method: route.method,
    path: apiPath(route, call.params) + query,
    ...(call.body === undefined ? {} : { body: call.body }),
    ...(route.contentType ? { contentType: route.contentType } : {}),
    ...(call.bearer ? { bearer: call.bearer } : {}),
  };
};
