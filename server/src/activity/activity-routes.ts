/**
 * `GET /persons/me/activity`: the signed-in person's security events, newest first, a page
 * at a time, of the configured activity retention period (RETENTION_ACTIVITY). The purge
 * of older events is the privacy module's retention purge (privacy/retention-purge.ts).
 */
import { API_ROUTES } from "@portal/contracts";
import { isUuid } from "@portal/core";
import { apiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { listSecurityEvents } from "./security-events.js";

export const activityPlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(app, deps, API_ROUTES.getActivity, async ({ caller: { person }, query }) => {
    const before = query.before;
    if (before !== undefined && !isUuid(before)) throw apiError(400, "INVALID_REQUEST", "before");
    return listSecurityEvents(
      deps.database.db,
      person.id,
      deps.clock.now(),
      before,
      deps.config.retentionHours.activity,
    );
  });
};
