import type { Result } from "@portal/core";
import type { Command } from "commander";
import type { Container } from "inversify";
import type { Terminal } from "./adapters/terminal.js";
import type { CliServices } from "./cli-services.js";
import { resolveCliServices } from "./container.js";
import { type CliFailure, EXIT, exitCodeOf, failed } from "./failure.js";
import type { Translator } from "./i18n.js";
import { failureOutput, reportFailure } from "./report-failure.js";
import { type CliSettings, type GlobalOptions, resolveSettings } from "./settings.js";

/** What a command produced: the JSON document and the human-readable text. */
export interface CommandOutput {
  readonly json: unknown;
  readonly human: string;
  /** Exit code of a completed command whose verdict is "no" (a weak password, a portal not ready). */
  readonly exitCode?: 0 | 1;
}

/**
 * An action of a command: gets the run's services (the settings, words and terminal among
 * them) as one typed object, returns its output or why it failed, never throws for
 * expected failures.
 */
export type Action = (services: CliServices) => Promise<Result<CommandOutput, CliFailure>>;

/** Builds the container for one run (tests pass their own). */
export type ContainerFactory = (settings: CliSettings, terminal: Terminal) => Container;

/** What each command's `register*` function receives from `index.ts`. */
export interface CommandContext {
  /** Words for the help texts of the commands, in the language chosen before commander parses. */
  readonly t: Translator;
  /** Runs an action for the parsed command; `network` shows a spinner while it waits. */
  run(command: Command, action: Action, options?: { readonly network?: boolean }): Promise<void>;
  /** The exit code of the run so far. */
  readonly exitCode: number;
}

/**
 * The command context of one run: decodes the global options and environment,
 * resolves the run's services from its container, runs the action with them, prints
 * its output or sends its failure through the one error funnel, and remembers the
 * exit code.
 */
export const createCommandContext = (
  t: Translator,
  terminal: Terminal,
  env: Readonly<Record<string, string | undefined>>,
  containerFactory: ContainerFactory,
): CommandContext => {
  let exitCode: number = EXIT.ok;
  const fail = (failure: CliFailure, words: Translator, json: boolean) => {
    terminal.err(failureOutput(reportFailure(failure, words), json));
    exitCode = exitCodeOf(failure);
  };
  return {
    t,
    get exitCode() {
      return exitCode;
    },
    async run(command, action, options = {}) {
      const global = command.optsWithGlobals<GlobalOptions>();
      const settings = resolveSettings(global, env);
      if (!settings.ok) {
        fail(settings.error, t, global.json === true);
        return;
      }
      const s = settings.value;
      const services = resolveCliServices(containerFactory(s, terminal));
      const words = services.t;
      // A spinner only where a person watches: stdout is a terminal and not a JSON run.
      const spinner =
        options.network && !s.json && terminal.stdoutIsTTY
          ? terminal.spinner(words.t("spinner.waiting"))
          : { stop() {} };
      let result: Result<CommandOutput, CliFailure>;
      try {
        result = await action(services);
      } catch (error) {
        // Not an expected failure (those are values): a bug or the machine, for
        // example an unwritable config folder. Say what happened, exit 1, no stack.
        const reason = error instanceof Error ? error.message : String(error);
        result = { ok: false, error: failed("error.unexpected", { reason }) };
      } finally {
        spinner.stop();
      }
      if (!result.ok) {
        fail(result.error, words, s.json);
        return;
      }
      const output = result.value;
      terminal.out(s.json ? JSON.stringify(output.json, null, 2) : output.human);
      exitCode = output.exitCode ?? EXIT.ok;
    },
  };
};

/** Turns a collected value into the command's output; a failure passes through. */
export const present = <T>(
  result: Result<T, CliFailure>,
  show: (value: T) => CommandOutput,
): Result<CommandOutput, CliFailure> =>
  result.ok ? { ok: true, value: show(result.value) } : result;
