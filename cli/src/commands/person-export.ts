import type { PersonExport } from "@portal/contracts";
import type { Result } from "@portal/core";
import type { Command } from "commander";
import type { SupportApi } from "../adapters/support-api.js";
import { type CommandContext, present } from "../command-context.js";
import type { CliFailure } from "../failure.js";
import { emailInput } from "../input.js";

/** Everything the portal holds about an account (GDPR Art. 15), by its e-mail address. */
export const collectPersonExport = async (
  email: string,
  support: SupportApi,
): Promise<Result<PersonExport, CliFailure>> => {
  const address = emailInput(email);
  return address.ok ? support.exportPerson(address.value) : address;
};

/**
 * `portal person export --email ADDRESS`: the export document on stdout, indented, to hand
 * to the person (`> file.json`); the portal records the export in the person's activity.
 */
export const registerPersonExport = (person: Command, ctx: CommandContext): void => {
  person
    .command("export")
    .description(ctx.t.t("help.person.export"))
    .requiredOption("--email <address>", ctx.t.t("help.accountEmail"))
    .action((options: { email: string }, command: Command) =>
      ctx.run(
        command,
        async ({ supportApi }) =>
          // The document is JSON already: both outputs are the document itself.
          present(await collectPersonExport(options.email, supportApi), (document) => ({
            json: document,
            human: JSON.stringify(document, null, 2),
          })),
        { network: true },
      ),
    );
};
