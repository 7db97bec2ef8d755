import type { ErrorCode } from "@portal/contracts";
import {
  checkPassword,
  err,
  ok,
  type PasswordCheck,
  type PasswordContext,
  type PasswordStrength,
  passwordBlocklist,
  passwordStrength,
  type Result,
} from "@portal/core";
import type { Command } from "commander";
import type { Terminal } from "../adapters/terminal.js";
import type { CommandContext } from "../command-context.js";
import { type CliFailure, failed, usageError } from "../failure.js";
import { pairs } from "../format.js";
import type { Translator } from "../i18n.js";

/** The verdict on a password: which requirements fail and how strong it is. Never the password. */
export interface PasswordVerdict {
  readonly ok: boolean;
  readonly errorCodes: ReadonlyArray<ErrorCode>;
  readonly hints: PasswordCheck["hints"];
  readonly strength: PasswordStrength;
}

/** Checks a password with core's policy and strength meter (offline). */
export const collectPasswordCheck = (
  password: string,
  context: PasswordContext = {},
): PasswordVerdict => {
  const check = checkPassword(password, context);
  return {
    ok: check.ok,
    errorCodes: check.errorCodes,
    hints: check.hints,
    strength: passwordStrength(password, context, passwordBlocklist()),
  };
};

/** The failing requirements in words, then score, level and colour. */
export const printPasswordCheck = (verdict: PasswordVerdict, t: Translator): string =>
  [
    ...(verdict.ok
      ? [t.t("password.ok")]
      : [t.t("password.failing"), ...verdict.errorCodes.map((code) => `  - ${t.httpError(code)}`)]),
    "",
    `${t.t("password.strength")}:`,
    pairs([
      [`  ${t.t("password.score")}`, `${verdict.strength.score}/100`],
      [`  ${t.t("password.level")}`, `${verdict.strength.level}/5`],
      [`  ${t.t("password.colour")}`, t.t(`password.${verdict.strength.colour}`)],
    ]),
  ].join("\n");

/**
 * The password to check: piped on stdin (one trailing line break removed) or typed
 * at a prompt that does not echo. It is never printed.
 */
export const readPassword = async (
  terminal: Terminal,
  t: Translator,
): Promise<Result<string, CliFailure>> => {
  let password: string | null;
  if (terminal.stdinIsTTY) {
    password = await terminal.readHidden(t.t("password.prompt"));
    if (password === null) return err(failed("error.cancelled"));
  } else password = (await terminal.readStdin()).replace(/\r?\n$/, "");
  return password === "" ? err(usageError("usage.noPassword")) : ok(password);
};

/** Options of `portal password check`: whom the password must not name. */
interface PasswordCheckOptions {
  readonly givenName?: string;
  readonly surname?: string;
  readonly email?: string;
}

/** `portal password check`. */
export const registerPasswordCheck = (password: Command, ctx: CommandContext): void => {
  password
    .command("check")
    .description(ctx.t.t("help.password.check"))
    .option("--given-name <name>", ctx.t.t("help.password.givenName"))
    .option("--surname <name>", ctx.t.t("help.password.surname"))
    .option("--email <address>", ctx.t.t("help.password.email"))
    .action((options: PasswordCheckOptions, command: Command) =>
      ctx.run(command, async ({ terminal, t }) => {
        const read = await readPassword(terminal, t);
        if (!read.ok) return read;
        const verdict = collectPasswordCheck(read.value, {
          givenName: options.givenName ?? null,
          surName: options.surname ?? null,
          email: options.email ?? null,
        });
        return ok({
          json: verdict,
          human: printPasswordCheck(verdict, t),
          exitCode: verdict.ok ? 0 : 1,
        });
      }),
    );
};
