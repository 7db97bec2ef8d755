import type { PurgeReport } from "@portal/contracts";
import type { AppDeps, PortalPlugin } from "../http/app-deps.js";
import { purgeRetained } from "./retention-purge.js";

/**
 * One retention purge with this process's settings and clock: support's "purge now" (dry
 * run or not) and the scheduled purge both run it.
 */
export const purgeNow = (deps: AppDeps, dryRun: boolean): Promise<PurgeReport> =>
  purgeRetained({
    database: deps.database,
    retentionHours: deps.config.retentionHours,
    deletionGraceDays: deps.config.deletionGraceDays,
    now: deps.clock.now(),
    dryRun,
  });

/**
 * The scheduled purge (PURGE_INTERVAL_MINUTES, 0: none): once when the server is ready, then
 * every interval. Every process runs it; the purge's advisory lock lets one at a time work.
 */
export const retentionSchedulePlugin: PortalPlugin = async (app, { deps }) => {
  const minutes = deps.config.purgeIntervalMinutes;
  if (minutes <= 0) return;
  const scheduled = () => {
    purgeNow(deps, false).then(
      (report) => {
        const deleted = Object.fromEntries(report.kinds.map((k) => [k.kind, k.count]));
        if (report.ran) app.log.info({ deleted }, "retention purge done");
      },
      (error: unknown) => app.log.warn({ err: error }, "retention purge failed"),
    );
  };
  const timer = setInterval(scheduled, minutes * 60_000);
  // A pending purge never keeps the process alive, and closing stops it.
  timer.unref();
  app.addHook("onReady", async () => scheduled());
  app.addHook("onClose", async () => clearInterval(timer));
};
