import { DEFAULT_WEB_TARGET_KEY, MAX_LENGTHS, type WebTarget } from "@portal/contracts";
import { err, type Result, type WebTargets, webTargetKey } from "@portal/core";
import type { Command } from "commander";
import { type CommandContext, present } from "../command-context.js";
import { type CliFailure, httpFailed } from "../failure.js";
import { pairs } from "../format.js";
import type { Translator } from "../i18n.js";
import { singleLineInput } from "../input.js";
import { TOKENS } from "../tokens.js";

/**
 * The web target of a registration key: upper-cased, MC when none is given; a key with
 * a control character or over 64 characters is a usage error.
 */
export const collectWebTarget = async (
  key: string | undefined,
  targets: WebTargets,
): Promise<Result<WebTarget, CliFailure>> => {
  const checked = key === undefined ? key : singleLineInput(key, "KEY", MAX_LENGTHS.webTargetKey);
  if (checked !== undefined && !checked.ok) return checked;
  const result = await targets.get(webTargetKey(key));
  return result.ok ? result : err(httpFailed(result.error));
};

/** Key, URL and source system, aligned. */
export const printWebTarget = (target: WebTarget, t: Translator): string =>
  pairs([
    [t.t("webTarget.key"), target.key],
    [t.t("webTarget.url"), target.url],
    [t.t("webTarget.sourceSystem"), target.sourceSystem],
  ]);

/** `portal web-target [KEY]`. */
export const registerWebTarget = (program: Command, ctx: CommandContext): void => {
  program
    .command("web-target")
    .description(ctx.t.t("help.webTarget"))
    .argument("[key]", ctx.t.t("help.webTarget.key", { default: DEFAULT_WEB_TARGET_KEY }))
    .action((key: string | undefined, _options: unknown, command: Command) =>
      ctx.run(
        command,
        async ({ container, t }) => {
          const result = await collectWebTarget(key, container.get(TOKENS.WebTargets));
          return present(result, (target) => ({ json: target, human: printWebTarget(target, t) }));
        },
        { network: true },
      ),
    );
};
