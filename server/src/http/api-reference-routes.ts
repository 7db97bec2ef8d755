import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openApiDocument } from "@portal/contracts";
import { textsFor } from "@portal/core/texts";
import { serverPackageDir } from "../db/migrations-folder.js";
import { REFERENCE_STYLESHEET_PATH, renderApiReference } from "./api-reference.js";
import type { PortalPlugin } from "./app-deps.js";

/** Where the API reference page is served (linked from the README's routes table). */
export const API_REFERENCE_PATH = "/api/user-management/docs";

/**
 * `GET /api/user-management/docs`: the API reference page, rendered once from the same
 * OpenAPI document as `openapi.json`, and its stylesheet. Neither is a call of the API
 * (the page is that document for people), so neither is an entry of the route table.
 */
export const apiReferencePlugin: PortalPlugin = async (app) => {
  // A real stylesheet beside this file (linted as CSS), read from the package folder as the
  // migrations are: the same path from source (tests) and from the bundle in dist/.
  const stylesheet = readFileSync(
    join(serverPackageDir(), "src", "http", "api-reference.css"),
    "utf8",
  );
  const page = renderApiReference(openApiDocument(), {
    de: textsFor("de").t,
    en: textsFor("en").t,
  });
  app.get(API_REFERENCE_PATH, async (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(page),
  );
  app.get(REFERENCE_STYLESHEET_PATH, async (_request, reply) =>
    reply
      .type("text/css; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(stylesheet),
  );
};
