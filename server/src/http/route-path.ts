import type { ApiRoute } from "@portal/contracts";

/**
 * The Fastify path of a contracts route, relative to its prefix: `{key}` becomes `:key`.
 *
 * @example
 * routePath(API_ROUTES.getWebTarget); // "/web-targets/:key"
 */
export const routePath = (route: Pick<ApiRoute, "path">): string =>
  route.path.replace(/\{(\w+)\}/g, ":$1");
