import { API_ROUTES, type WebTarget, type WebTargetKeys } from "@portal/contracts";
import { asc, eq } from "drizzle-orm";
import { webTargets } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { defaultWebTargets, seedWebTargets } from "./web-targets-seed.js";

/**
 * `GET /web-targets/{key}`: the key is upper-cased (prk); unknown keys answer 404 NOT_FOUND.
 * `GET /web-targets`: the known keys, so a tool can say which keys exist.
 */
export const webTargetsPlugin: PortalPlugin = async (app, { deps }) => {
  await seedWebTargets(deps.database.db, defaultWebTargets(deps.config));

  apiRoute(app, deps, API_ROUTES.listWebTargetKeys, async () => {
    const rows = await deps.database.db
      .select({ key: webTargets.key })
      .from(webTargets)
      .orderBy(asc(webTargets.key));
    return { keys: rows.map((r) => r.key) } satisfies WebTargetKeys;
  });

  // The entry's key schema: one line, at most 64 characters, so a NUL never reaches the
  // database (a coded 400).
  apiRoute(app, deps, API_ROUTES.getWebTarget, async ({ params: { key } }) => {
    const [row] = await deps.database.db
      .select()
      .from(webTargets)
      .where(eq(webTargets.key, key.trim().toUpperCase()));
    if (!row) throw apiError(404, "NOT_FOUND", "key");
    return { key: row.key, url: row.url, sourceSystem: row.sourceSystem } satisfies WebTarget;
  });
};
