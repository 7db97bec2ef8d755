import type { SsfQueue } from "@portal/contracts";
import type { Result } from "@portal/core";
import type { Command } from "commander";
import type { SupportApi } from "../adapters/support-api.js";
import { type CommandContext, present } from "../command-context.js";
import type { CliFailure } from "../failure.js";
import { table } from "../format.js";
import type { Translator } from "../i18n.js";
import { displayTimestamp } from "../input.js";
import { shortEventType } from "./ssf-streams.js";

/** The Shared Signals events waiting for delivery, oldest first. */
export const collectSsfQueue = (support: SupportApi): Promise<Result<SsfQueue, CliFailure>> =>
  support.ssfQueue();

/** How many wait, then the oldest as a table: when, what, which stream, tries, next, last error. */
export const printSsfQueue = (queue: SsfQueue, t: Translator): string => {
  if (queue.total === 0) return t.t("ssf.queueEmpty");
  return [
    t.t("ssf.queueTotal", { total: queue.total, shown: queue.events.length }),
    table(
      [
        t.t("ssf.queued"),
        t.t("ssf.event"),
        t.t("ssf.stream"),
        t.t("ssf.attempts"),
        t.t("ssf.next"),
        t.t("ssf.lastError"),
      ],
      queue.events.map((e) => [
        displayTimestamp(e.createdAt),
        shortEventType(e.eventType),
        e.streamId,
        String(e.attempts),
        displayTimestamp(e.nextAttemptAt),
        e.lastError ?? "",
      ]),
    ),
  ].join("\n");
};

/** `portal ssf queue`. */
export const registerSsfQueue = (ssf: Command, ctx: CommandContext): void => {
  ssf
    .command("queue")
    .description(ctx.t.t("help.ssf.queue"))
    .action((_options: unknown, command: Command) =>
      ctx.run(
        command,
        async ({ supportApi, t }) =>
          present(await collectSsfQueue(supportApi), (queue) => ({
            json: queue,
            human: printSsfQueue(queue, t),
          })),
        { network: true },
      ),
    );
};
