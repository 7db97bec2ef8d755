import { CommanderError, Option } from "commander";
import { NodeTerminal, type Terminal } from "./adapters/terminal.js";
import { type ContainerFactory, createCommandContext } from "./command-context.js";
import { registerCompanySearch } from "./commands/company-search.js";
import { registerHealth } from "./commands/health.js";
import { registerLogin } from "./commands/login.js";
import { registerLogout } from "./commands/logout.js";
import { registerMaintenancePurge } from "./commands/maintenance-purge.js";
import { registerMembershipIssue } from "./commands/membership-issue.js";
import { registerOutbox } from "./commands/outbox.js";
import { registerPasswordCheck } from "./commands/password-check.js";
import { registerPatchPreview } from "./commands/patch-preview.js";
import { registerPersonExport } from "./commands/person-export.js";
import { registerPersonResend } from "./commands/person-resend.js";
import { registerPersonShow } from "./commands/person-show.js";
import { registerResendOptIn } from "./commands/resend-opt-in.js";
import { registerSsfQueue } from "./commands/ssf-queue.js";
import { registerSsfStreams } from "./commands/ssf-streams.js";
import { registerSsfVerify } from "./commands/ssf-verify.js";
import { registerWebTarget } from "./commands/web-target.js";
import { createContainer } from "./container.js";
import { earlyOptions } from "./early-options.js";
import { EXIT } from "./failure.js";
import { environmentHelp, langOption } from "./global-help.js";
import { translator } from "./i18n.js";
import { LocalizedCommand, localizedHelp } from "./localized-command.js";
import { failureOutput, usageReport } from "./report-failure.js";
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
  const env = options.env ?? process.env;
  // Help and commander's usage errors are worded while it parses: the language first.
  const early = earlyOptions(argv.slice(2), env);
  const t = translator(early.language);
  const ctx = createCommandContext(t, terminal, env, options.containerFactory ?? createContainer);
  const withoutNewline = (text: string) => text.replace(/\n$/, "");

  const program = new LocalizedCommand(t, "portal")
    .description(t.t("help.portal"))
    .addOption(new Option("--json", t.t("help.json")))
    .addOption(langOption(t))
    .addOption(new Option("--url <url>", t.t("help.url", { default: DEFAULT_PORTAL_URL })))
    .helpOption("-h, --help", t.t("help.help"))
    .helpCommand("help [command]", t.t("help.help"))
    .configureHelp(localizedHelp(t))
    .configureOutput({
      writeOut: (text) => terminal.out(withoutNewline(text)),
      writeErr: (text) => terminal.err(withoutNewline(text)),
      // A usage error goes the way of every failure: words, or one JSON document on stderr.
      outputError: (text, write) =>
        write(failureOutput(usageReport(withoutNewline(text)), early.json)),
    })
    // The hint would be a second document after the JSON one.
    .showHelpAfterError(early.json ? false : t.t("usage.helpHint"))
    .addHelpText("after", environmentHelp(t))
    .exitOverride();

  registerWebTarget(program, ctx);
  registerResendOptIn(program, ctx);
  const person = program.command("person").description(t.t("help.person"));
  registerPersonShow(person, ctx);
  registerPersonResend(person, ctx);
  registerPersonExport(person, ctx);
  const membership = program.command("membership").description(t.t("help.membership"));
  registerMembershipIssue(membership, ctx);
  const maintenance = program.command("maintenance").description(t.t("help.maintenance"));
  registerMaintenancePurge(maintenance, ctx);
  const ssf = program.command("ssf").description(t.t("help.ssf"));
  registerSsfStreams(ssf, ctx);
  registerSsfVerify(ssf, ctx);
  registerSsfQueue(ssf, ctx);
  const company = program.command("company").description(t.t("help.company"));
  registerCompanySearch(company, ctx);
  registerOutbox(program, ctx);
  const password = program.command("password").description(t.t("help.password"));
  registerPasswordCheck(password, ctx);
  const patch = program.command("patch").description(t.t("help.patch"));
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
