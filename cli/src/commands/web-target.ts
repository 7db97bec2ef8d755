import { DEFAULT_WEB_TARGET_KEY, MAX_LENGTHS, type WebTarget } from "@portal/contracts";
import { err, type Result, webTargetKey } from "@portal/core";
import type { Command } from "commander";
import type { WebTargetDirectory } from "../adapters/web-targets.js";
import { type CommandContext, present } from "../command-context.js";
import { type CliFailure, httpFailed } from "../failure.js";
import { pairs } from "../format.js";
import type { Translator } from "../i18n.js";
import { singleLineInput } from "../input.js";

/**
 * The web target of a registration key: upper-cased, MC when none is given; a key with
 * a control character or over 64 characters is a usage error. An unknown key is named
 * together with the keys the portal knows.
 */
export const collectWebTarget = async (
  key: string | undefined,
  targets: WebTargetDirectory,
): Promise<Result<WebTarget, CliFailure>> => {
  const checked = key === undefined ? key : singleLineInput(key, "KEY", MAX_LENGTHS.webTargetKey);
  if (checked !== undefined && !checked.ok) return checked;
  const asked = webTargetKey(key);
  const result = await targets.get(asked);
  if (result.ok) return result;
  if (result.error.status !== 404) return err(httpFailed(result.error));
  const known = await targets.keys();
  return err(
    known.ok
      ? httpFailed(result.error, {
          key: "webTarget.unknown",
          params: { key: asked, known: known.value.keys.join(", ") },
        })
      : httpFailed(result.error),
  );
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
        async ({ webTargets, t }) => {
          const result = await collectWebTarget(key, webTargets);
          return present(result, (target) => ({ json: target, human: printWebTarget(target, t) }));
        },
        { network: true },
      ),
    );
};
