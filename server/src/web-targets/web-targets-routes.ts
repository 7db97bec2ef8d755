import { API_ROUTES, type WebTarget, WebTargetKey, type WebTargetKeys } from "@portal/contracts";
import { asc, eq } from "drizzle-orm";
import * as Schema from "effect/Schema";
import type { PortalPlugin } from "../app-deps.js";
import { webTargets } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { decodeRequest } from "../http/decode.js";
import { routePath } from "../http/route-path.js";
import { defaultWebTargets, seedWebTargets } from "./web-targets-seed.js";

// One line, at most 64 characters: a NUL never reaches the database (a coded 400).
const KeyParams = Schema.Struct({ key: WebTargetKey });

/**
 * `GET /web-targets/{key}`: the key is upper-cased (prk); unknown keys answer 404 NOT_FOUND.
 * `GET /web-targets`: the known keys, so a tool can say which keys exist.
 */
export const webTargetsPlugin: PortalPlugin = async (app, { deps }) => {
  await seedWebTargets(deps.database.db, defaultWebTargets(deps.config));

  app.get(routePath(API_ROUTES.listWebTargetKeys), async () => {
    const rows = await deps.database.db
      .select({ key: webTargets.key })
      .from(webTargets)
      .orderBy(asc(webTargets.key));
    return { keys: rows.map((r) => r.key) } satisfies WebTargetKeys;
  });

  app.get(routePath(API_ROUTES.getWebTarget), async (request) => {
    const { key } = decodeRequest(KeyParams, request.params);
    const [row] = await deps.database.db
      .select()
      .from(webTargets)
      .where(eq(webTargets.key, key.trim().toUpperCase()));
    if (!row) throw apiError(404, "NOT_FOUND", "key");
    return { key: row.key, url: row.url, sourceSystem: row.sourceSystem } satisfies WebTarget;
  });
};
