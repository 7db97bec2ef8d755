import type { OutboxMessage, OutboxMessages } from "@portal/contracts";
import { err, ok, type Result } from "@portal/core";
import type { Command } from "commander";
import type { OutboxApi } from "../adapters/support-api.js";
import { type CommandContext, present } from "../command-context.js";
import { type CliFailure, failed } from "../failure.js";
import { pairs, plain, table } from "../format.js";
import type { Translator } from "../i18n.js";
import { displayTimestamp, emailInput, positiveInput } from "../input.js";

/** The outbox listing, or one message of it. */
export type OutboxView =
  | { readonly kind: "list"; readonly messages: OutboxMessages }
  | { readonly kind: "message"; readonly number: number; readonly message: OutboxMessage };

/** Options of `portal outbox`. */
export interface OutboxOptions {
  readonly to?: string;
  readonly open?: string;
}

/** Lists the outbox (newest first, optionally for one address) or opens its N-th mail. */
export const collectOutbox = async (
  options: OutboxOptions,
  outbox: OutboxApi,
): Promise<Result<OutboxView, CliFailure>> => {
  const to = options.to === undefined ? ok(undefined) : emailInput(options.to, "--to");
  if (!to.ok) return to;
  const open = options.open === undefined ? ok(undefined) : positiveInput(options.open, "--open");
  if (!open.ok) return open;
  const listed = await outbox.list(to.value);
  // The outbox exists only while the portal has no SMTP server; say so instead of "Not found".
  if (!listed.ok && listed.error._tag === "Http" && listed.error.failure.status === 404)
    return err(failed("error.noOutbox", { url: listed.error.failure.url }));
  if (!listed.ok) return listed;
  if (open.value === undefined) return ok({ kind: "list", messages: listed.value });
  const message = listed.value[open.value - 1];
  return message
    ? ok({ kind: "message", number: open.value, message })
    : err(failed("error.openOutOfRange", { n: open.value, count: listed.value.length }));
};

/** A numbered table of the mails, or one mail with its text and links. */
export const printOutbox = (view: OutboxView, t: Translator): string => {
  if (view.kind === "message") {
    const m = view.message;
    return [
      pairs([
        [t.t("outbox.date"), displayTimestamp(m.createdAt)],
        [t.t("outbox.to"), m.to],
        [t.t("outbox.subject"), m.subject],
      ]),
      "",
      plain(m.text).trimEnd(),
      ...(m.links.length
        ? ["", `${t.t("outbox.links")}:`, ...m.links.map((l) => `  ${plain(l)}`)]
        : []),
    ].join("\n");
  }
  if (view.messages.length === 0) return t.t("outbox.empty");
  return [
    table(
      [t.t("outbox.number"), t.t("outbox.date"), t.t("outbox.to"), t.t("outbox.subject")],
      view.messages.map((m, i) => [String(i + 1), displayTimestamp(m.createdAt), m.to, m.subject]),
    ),
    "",
    t.t("outbox.openHint"),
  ].join("\n");
};

/** `portal outbox [--to ADDRESS] [--open N]`. */
export const registerOutbox = (program: Command, ctx: CommandContext): void => {
  program
    .command("outbox")
    .description(ctx.t.t("help.outbox"))
    .option("--to <address>", ctx.t.t("help.outbox.to"))
    .option("--open <n>", ctx.t.t("help.outbox.open"))
    .action((options: OutboxOptions, command: Command) =>
      ctx.run(
        command,
        async ({ outboxApi, t }) =>
          present(await collectOutbox(options, outboxApi), (view) => ({
            json: view.kind === "list" ? view.messages : view.message,
            human: printOutbox(view, t),
          })),
        { network: true },
      ),
    );
};
