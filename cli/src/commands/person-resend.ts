import type { MailSentResponse } from "@portal/contracts";
import type { Result } from "@portal/core";
import type { Command } from "commander";
import type { SupportApi } from "../adapters/support-api.js";
import { type CommandContext, present } from "../command-context.js";
import type { CliFailure } from "../failure.js";
import type { MessageKey } from "../i18n.js";
import { emailInput } from "../input.js";
import { printMailSent } from "./resend-opt-in.js";

/** Which pending mail to resend. */
export type PendingMail = "deletion" | "email-change";

/** Resends a pending deletion link or e-mail-change confirmation (support calls). */
export const collectPersonResend = async (
  kind: PendingMail,
  email: string,
  support: SupportApi,
): Promise<Result<MailSentResponse, CliFailure>> => {
  const address = emailInput(email);
  if (!address.ok) return address;
  return kind === "deletion"
    ? support.resendDeletionMail(address.value)
    : support.resendEmailChangeMail(address.value);
};

const COMMANDS: ReadonlyArray<{ kind: PendingMail; name: string; description: MessageKey }> = [
  { kind: "deletion", name: "resend-deletion", description: "help.person.resendDeletion" },
  {
    kind: "email-change",
    name: "resend-email-change",
    description: "help.person.resendEmailChange",
  },
];

/** `portal person resend-deletion|resend-email-change --email ADDRESS`. */
export const registerPersonResend = (person: Command, ctx: CommandContext): void => {
  for (const { kind, name, description } of COMMANDS)
    person
      .command(name)
      .description(ctx.t.t(description))
      .requiredOption("--email <address>", ctx.t.t("help.accountEmail"))
      .action((options: { email: string }, command: Command) =>
        ctx.run(
          command,
          async ({ supportApi, t }) =>
            present(await collectPersonResend(kind, options.email, supportApi), (sent) => ({
              json: sent,
              human: printMailSent(sent, t),
            })),
          { network: true },
        ),
      );
};
