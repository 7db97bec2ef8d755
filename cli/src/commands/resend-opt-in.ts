import type { MailSentResponse } from "@portal/contracts";
import type { Result } from "@portal/core";
import type { Command } from "commander";
import type { SupportApi } from "../adapters/support-api.js";
import { type CommandContext, present } from "../command-context.js";
import type { CliFailure } from "../failure.js";
import { plain } from "../format.js";
import type { Translator } from "../i18n.js";
import { emailInput } from "../input.js";

/** Resends the registration confirmation mail of an unconfirmed account (support call). */
export const collectResendOptIn = async (
  email: string,
  support: SupportApi,
): Promise<Result<MailSentResponse, CliFailure>> => {
  const address = emailInput(email);
  return address.ok ? support.resendOptInMail(address.value) : address;
};

/** The address the mail went to. */
export const printMailSent = (sent: MailSentResponse, t: Translator): string =>
  t.t("mail.sentTo", { email: plain(sent.email) });

/** `portal resend-opt-in --email ADDRESS`. */
export const registerResendOptIn = (program: Command, ctx: CommandContext): void => {
  program
    .command("resend-opt-in")
    .description(ctx.t.t("help.resendOptIn"))
    .requiredOption("--email <address>", ctx.t.t("help.accountEmail"))
    .action((options: { email: string }, command: Command) =>
      ctx.run(
        command,
        async ({ supportApi, t }) =>
          present(await collectResendOptIn(options.email, supportApi), (sent) => ({
            json: sent,
            human: printMailSent(sent, t),
          })),
        { network: true },
      ),
    );
};
