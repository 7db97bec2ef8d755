import type { PurgeReport } from "@portal/contracts";
import type { Result } from "@portal/core";
import type { Command } from "commander";
import type { SupportApi } from "../adapters/support-api.js";
import { type CommandContext, present } from "../command-context.js";
import type { CliFailure } from "../failure.js";
import { pairs } from "../format.js";
import type { Translator } from "../i18n.js";
import { displayTimestamp } from "../input.js";

/** Runs the retention purge on the portal, or with `dryRun` counts what is due. */
export const collectPurge = (
  dryRun: boolean,
  support: SupportApi,
): Promise<Result<PurgeReport, CliFailure>> => support.purge(dryRun);

// Whole days from two on ("30 days"); shorter periods in hours ("24 hours"), never "1 days".
const period = (hours: number, t: Translator): string =>
  hours % 24 === 0 && hours >= 48
    ? t.t("purge.days", { n: hours / 24 })
    : t.t("purge.hours", { n: hours });

/** Per kind the count, the period and the cut-off; a skipped purge says why. */
export const printPurge = (report: PurgeReport, t: Translator): string => {
  if (!report.ran) return t.t("purge.skipped");
  return [
    t.t(report.dryRun ? "purge.dryRun" : "purge.done"),
    pairs(
      report.kinds.map((k) => [
        t.t(`purge.kind.${k.kind}`),
        t.t("purge.line", {
          count: k.count,
          period: period(k.retentionHours, t),
          before: displayTimestamp(k.before),
        }),
      ]),
    ),
  ].join("\n");
};

/** `portal maintenance purge [--dry-run]`. */
export const registerMaintenancePurge = (maintenance: Command, ctx: CommandContext): void => {
  maintenance
    .command("purge")
    .description(ctx.t.t("help.maintenance.purge"))
    .option("--dry-run", ctx.t.t("help.maintenance.dryRun"))
    .action((options: { dryRun?: boolean }, command: Command) =>
      ctx.run(
        command,
        async ({ supportApi, t }) =>
          present(await collectPurge(options.dryRun === true, supportApi), (report) => ({
            json: report,
            human: printPurge(report, t),
          })),
        { network: true },
      ),
    );
};
