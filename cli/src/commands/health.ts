import type { Result } from "@portal/core";
import type { Command } from "commander";
import type { HealthApi, HealthProbes } from "../adapters/health-api.js";
import { type CommandContext, present } from "../command-context.js";
import type { CliFailure } from "../failure.js";
import { pairs } from "../format.js";
import type { Translator } from "../i18n.js";

/** Liveness and readiness of the portal, with the database kind and identity issuer. */
export const collectHealth = (health: HealthApi): Promise<Result<HealthProbes, CliFailure>> =>
  health.probe();

/** One line per probe and fact of the readiness report. */
export const printHealth = (probes: HealthProbes, t: Translator): string => {
  const state = (up: boolean) => t.t(up ? "health.ok" : "health.unavailable");
  const none = t.t("common.none");
  const report = probes.report;
  return pairs([
    [t.t("health.liveness"), state(probes.live)],
    [t.t("health.readiness"), state(probes.ready)],
    [t.t("health.database"), report?.database ?? none],
    [t.t("health.migrations"), report ? t.t(report.migrations ? "common.yes" : "common.no") : none],
    [t.t("health.issuer"), report?.issuer ?? none],
  ]);
};

/** `portal health`. */
export const registerHealth = (program: Command, ctx: CommandContext): void => {
  program
    .command("health")
    .description(ctx.t.t("help.health"))
    .action((_options: unknown, command: Command) =>
      ctx.run(
        command,
        async ({ healthApi, t }) =>
          present(await collectHealth(healthApi), (probes) => ({
            json: probes,
            human: printHealth(probes, t),
            exitCode: probes.live && probes.ready ? 0 : 1,
          })),
        { network: true },
      ),
    );
};
