import type { SsfStreamList, SsfStreamSummary } from "@portal/contracts";
import type { Result } from "@portal/core";
import type { Command } from "commander";
import type { SupportApi } from "../adapters/support-api.js";
import { type CommandContext, present } from "../command-context.js";
import type { CliFailure } from "../failure.js";
import { pairs } from "../format.js";
import type { Translator } from "../i18n.js";
import { displayTimestamp } from "../input.js";

/** The Shared Signals streams receivers created, with their delivery counts. */
export const collectSsfStreams = (
  support: SupportApi,
): Promise<Result<SsfStreamList, CliFailure>> => support.ssfStreams();

/** An event type URI by its last segment: `session-revoked`, `account-purged`, ... */
export const shortEventType = (uri: string): string => uri.slice(uri.lastIndexOf("/") + 1);

const printStream = (stream: SsfStreamSummary, t: Translator): string =>
  pairs([
    [t.t("ssf.stream"), stream.id],
    [t.t("ssf.receiver"), stream.receiver],
    [
      t.t("ssf.delivery"),
      stream.delivery === "push" && stream.endpoint
        ? t.t("ssf.push", { endpoint: stream.endpoint })
        : t.t("ssf.poll"),
    ],
    [t.t("ssf.status"), stream.status],
    [t.t("ssf.format"), stream.format],
    [t.t("ssf.events"), stream.events.map(shortEventType).join(", ") || t.t("common.none")],
    [
      t.t("ssf.counts"),
      t.t("ssf.countsLine", {
        delivered: stream.delivered,
        givenUp: stream.givenUp,
        queued: stream.queued,
      }),
    ],
    [t.t("ssf.createdAt"), displayTimestamp(stream.createdAt)],
  ]);

/** One block per stream, a blank line between; a line saying there is none. */
export const printSsfStreams = (list: SsfStreamList, t: Translator): string =>
  list.streams.length === 0
    ? t.t("ssf.noStreams")
    : list.streams.map((stream) => printStream(stream, t)).join("\n\n");

/** `portal ssf streams`. */
export const registerSsfStreams = (ssf: Command, ctx: CommandContext): void => {
  ssf
    .command("streams")
    .description(ctx.t.t("help.ssf.streams"))
    .action((_options: unknown, command: Command) =>
      ctx.run(
        command,
        async ({ supportApi, t }) =>
          present(await collectSsfStreams(supportApi), (list) => ({
            json: list,
            human: printSsfStreams(list, t),
          })),
        { network: true },
      ),
    );
};
