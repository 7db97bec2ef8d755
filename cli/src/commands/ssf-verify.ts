import type { SsfVerificationQueued } from "@portal/contracts";
import type { Result } from "@portal/core";
import type { Command } from "commander";
import type { SupportApi } from "../adapters/support-api.js";
import { type CommandContext, present } from "../command-context.js";
import type { CliFailure } from "../failure.js";
import type { Translator } from "../i18n.js";
import { singleLineInput } from "../input.js";

// A stream id is a UUID; anything longer is a typo, said before the network is asked.
const STREAM_ID_MAX = 64;

/** Queues a verification event for one stream (the receiver sees it like every event). */
export const collectSsfVerify = async (
  streamId: string,
  support: SupportApi,
): Promise<Result<SsfVerificationQueued, CliFailure>> => {
  const id = singleLineInput(streamId.trim(), "STREAM_ID", STREAM_ID_MAX);
  return id.ok ? support.ssfVerify(id.value) : id;
};

export const printSsfVerify = (queued: SsfVerificationQueued, t: Translator): string =>
  t.t("ssf.verificationQueued", { id: queued.streamId });

/** `portal ssf verify STREAM_ID`. */
export const registerSsfVerify = (ssf: Command, ctx: CommandContext): void => {
  ssf
    .command("verify")
    .description(ctx.t.t("help.ssf.verify"))
    .argument("<streamId>", ctx.t.t("help.ssf.streamId"))
    .action((streamId: string, _options: unknown, command: Command) =>
      ctx.run(
        command,
        async ({ supportApi, t }) =>
          present(await collectSsfVerify(streamId, supportApi), (queued) => ({
            json: queued,
            human: printSsfVerify(queued, t),
          })),
        { network: true },
      ),
    );
};
