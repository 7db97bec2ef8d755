import type { ApiCallRoute } from "./api-route.js";
import { PERSON_ROUTES } from "./person-routes.js";
import { PUBLIC_ROUTES } from "./public-routes.js";
import { SUPPORT_ROUTES } from "./support-routes.js";

/**
 * Every call of the API as a client makes it (method, path, schemas, auth), keyed by name,
 * without the documentation the server's table adds (api-routes.ts): core's API client is
 * built from this, so the browser carries no summaries or error lists.
 *
 * @example
 * API_CALLS.getMe.method; // "GET"
 */
export const API_CALLS = {
  ...PUBLIC_ROUTES,
  ...PERSON_ROUTES,
  ...SUPPORT_ROUTES,
} as const satisfies Record<string, ApiCallRoute>;

export type ApiCalls = typeof API_CALLS;
export type ApiCallName = keyof ApiCalls;
