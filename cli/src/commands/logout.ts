import { ok } from "@portal/core";
import type { Command } from "commander";
import type { CommandContext } from "../command-context.js";
import type { Translator } from "../i18n.js";

/** What logout did. */
export interface LoggedOut {
  readonly issuer: string;
  /** False when there was no stored token to remove. */
  readonly removed: boolean;
}

/** Whether stored tokens were removed. */
export const printLogout = (result: LoggedOut, t: Translator): string =>
  t.t(result.removed ? "logout.done" : "logout.none", { issuer: result.issuer });

/** `portal logout`. */
export const registerLogout = (program: Command, ctx: CommandContext): void => {
  program
    .command("logout")
    .description(ctx.t.t("help.logout"))
    .action((_options: unknown, command: Command) =>
      ctx.run(command, async ({ identitySession, settings, t }) => {
        const removed = await identitySession.signOut();
        const result: LoggedOut = { issuer: settings.issuer, removed };
        return ok({ json: result, human: printLogout(result, t) });
      }),
    );
};
