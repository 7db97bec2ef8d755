import { Command, type ErrorOptions, type HelpConfiguration } from "commander";
import { commanderErrorText } from "./commander-errors.js";
import type { MessageKey, Translator } from "./i18n.js";

/** Commander's help headings, as its Help passes them to styleTitle. */
const TITLES: Readonly<Record<string, MessageKey>> = {
  "Usage:": "help.title.usage",
  "Arguments:": "help.title.arguments",
  "Options:": "help.title.options",
  "Global Options:": "help.title.globalOptions",
  "Commands:": "help.title.commands",
};

/** The help layout of every command: global options shown, commands in their order, headings in the user's language. */
export const localizedHelp = (t: Translator): HelpConfiguration => ({
  showGlobalOptions: true,
  sortSubcommands: false,
  styleTitle: (title) => {
    const key = TITLES[title];
    return key ? t.t(key) : title;
  },
});

/**
 * A commander Command that words its usage errors in the user's language. Every
 * usage error of commander goes through `error()` on the command that failed; its
 * subcommands are made by `createCommand`, so they speak the same language.
 */
export class LocalizedCommand extends Command {
  readonly #t: Translator;

  constructor(t: Translator, name?: string) {
    super(name);
    this.#t = t;
  }

  override createCommand(name?: string): LocalizedCommand {
    return new LocalizedCommand(this.#t, name);
  }

  override error(message: string, errorOptions?: ErrorOptions): never {
    return super.error(
      commanderErrorText(message, errorOptions?.code, this, this.#t),
      errorOptions,
    );
  }
}
