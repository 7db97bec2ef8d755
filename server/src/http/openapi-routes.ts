import { API_ROUTES, openApiDocument } from "@portal/contracts";
import { apiRoute } from "./api-route.js";
import type { PortalPlugin } from "./app-deps.js";

/**
 * `GET /api/user-management/openapi.json`: the OpenAPI 3.1 document of every route under
 * `/api/`, generated once from the contracts' route table (a test checks that it lists
 * exactly the routes this server registers).
 */
export const openApiPlugin: PortalPlugin = async (app, { deps }) => {
  const document = openApiDocument();
  apiRoute(app, deps, API_ROUTES.getOpenApi, async ({ reply }) => {
    reply.header("cache-control", "public, max-age=300");
    return document;
  });
};
