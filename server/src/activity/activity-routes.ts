/**
 * `GET /persons/me/activity`: the signed-in person's security events, newest first, a page
 * at a time; and the periodic purge of events past the retention period, which one process
 * at a time runs (an advisory lock), so two or more processes never do it twice at once.
 */
import { API_ROUTES } from "@portal/contracts";
import { and, eq, notExists, sql } from "drizzle-orm";
import type { PortalPlugin } from "../app-deps.js";
import type { Database } from "../db/client.js";
import { identityArtifacts, sessionDevices } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import { listSecurityEvents, purgeOldSecurityEvents } from "./security-events.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Any fixed number that no other advisory lock of the portal uses.
const PURGE_LOCK_KEY = 0x61637476;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Purges old events (and the origins of ended sessions) unless another process is doing it right now; the number deleted
 * (0 when skipped).
 */
export const purgeActivityOnce = (database: Database, now: Date): Promise<number> =>
  database.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_KEY}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return 0;
    // Where ended sessions were opened from is of no use any more.
    await tx.delete(sessionDevices).where(
      notExists(
        tx
          .select({ one: sql`1` })
          .from(identityArtifacts)
          .where(
            and(
              eq(identityArtifacts.model, "Session"),
              eq(identityArtifacts.uidHash, sessionDevices.sessionUidHash),
            ),
          ),
      ),
    );
    return purgeOldSecurityEvents(tx, now);
  });

export const activityPlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(app, deps, API_ROUTES.getActivity, async ({ caller: { person }, query }) => {
    const before = query.before;
    if (before !== undefined && !UUID.test(before))
      throw apiError(400, "INVALID_REQUEST", "before");
    return listSecurityEvents(deps.database.db, person.id, deps.clock.now(), before);
  });

  const purge = () =>
    purgeActivityOnce(deps.database, deps.clock.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, "activity purge failed"),
    );
  const timer = setInterval(purge, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook("onReady", async () => {
    void purge();
  });
  app.addHook("onClose", async () => clearInterval(timer));
};
