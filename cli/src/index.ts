import { Command, CommanderError } from "commander";
import { NodeTerminal, type Terminal } from "./adapters/terminal.js";
import { type ContainerFactory, createCommandContext } from "./command-context.js";
import { registerCompanySearch } from "./commands/company-search.js";
import { registerHealth } from "./commands/health.js";
import { registerLogin } from "./commands/login.js";
import { registerLogout } from "./commands/logout.js";
import { registerMembershipIssue } from "./commands/membership-issue.js";
import { registerOutbox } from "./commands/outbox.js";
import { registerPasswordCheck } from "./commands/password-check.js";
import { registerPatchPreview } from "./commands/patch-preview.js";
import { registerPersonResend } from "./commands/person-resend.js";
import { registerPersonShow } from "./commands/person-show.js";
import { registerResendOptIn } from "./commands/resend-opt-in.js";
import { registerWebTarget } from "./commands/web-target.js";
import { createContainer } from "./container.js";
import { EXIT } from "./failure.js";
import { DEFAULT_PORTAL_URL } from "./settings.js";

/** What a run reads from and writes to; tests pass fakes. */
export interface MainOptions {
  readonly terminal?: Terminal;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly containerFactory?: ContainerFactory;
}

/**
 * Runs the `portal` command with `argv` (as in process.argv) and answers the exit
 * code: 0 success, 1 the operation failed, 2 usage.
 */
export const main = async (
  argv: ReadonlyArray<string>,
  options: MainOptions = {},
): Promise<number> => {
  const terminal = options.terminal ?? new NodeTerminal();
  const ctx = createCommandContext(
    terminal,
    options.env ?? process.env,
    options.containerFactory ?? createContainer,
  );

  const program = new Command("portal")
    .description("Support and developer commands for the customer self-service portal")
    .option("--json", "print one JSON document on stdout instead of text")
    .option(
      "--lang <language>",
      "language of messages: de, en or fr (default: LC_ALL/LANG, else de)",
    )
    .option(
      "--url <url>",
      `base URL of the portal (default: PORTAL_URL, else ${DEFAULT_PORTAL_URL})`,
    )
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .configureOutput({
      writeOut: (text) => terminal.out(text.replace(/\n$/, "")),
      writeErr: (text) => terminal.err(text.replace(/\n$/, "")),
    })
    .showHelpAfterError("(add --help for usage)")
    .addHelpText(
      "after",
      [
        "",
        "Environment:",
        "  PORTAL_URL            base URL of the portal",
        "  PORTAL_CLIENT_SECRET  secret of the portal-support client (client credentials)",
        "  PORTAL_CLIENT_ID      client id (default: portal-support)",
        "  PORTAL_ISSUER         OpenID Connect issuer (default: <url>/realms/portal)",
        "  XDG_CONFIG_HOME       tokens live in $XDG_CONFIG_HOME/portal/tokens.json (default ~/.config)",
        "",
        "Exit codes: 0 success, 1 the operation failed or the portal is unreachable, 2 usage error.",
      ].join("\n"),
    )
    .exitOverride();

  registerWebTarget(program, ctx);
  registerResendOptIn(program, ctx);
  const person = program.command("person").description("Support view and mails of one account");
  registerPersonShow(person, ctx);
  registerPersonResend(person, ctx);
  const membership = program.command("membership").description("Membership credentials");
  registerMembershipIssue(membership, ctx);
  const company = program.command("company").description("The company register");
  registerCompanySearch(company, ctx);
  registerOutbox(program, ctx);
  const password = program.command("password").description("Password rules, offline");
  registerPasswordCheck(password, ctx);
  const patch = program.command("patch").description("Personal-data changes, offline");
  registerPatchPreview(patch, ctx);
  registerHealth(program, ctx);
  registerLogin(program, ctx);
  registerLogout(program, ctx);

  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    // Help and version end with exit code 0; every other commander error is a usage error.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    throw error;
  }
  return ctx.exitCode;
};
