import type { Command } from "commander";
import type { Translator } from "./i18n.js";

/** What of the failing command the wording needs (`this` in commander's `error()`). */
export type FailingCommand = Pick<Command, "name" | "registeredArguments" | "args">;

// Commander words its usage errors in English and passes only that text and a code
// to error(); these patterns take the offending names and values back out of it
// (commander 15, lib/command.js). The tests pin every one in every language, so a
// commander update that changes a wording fails them instead of leaking English.
const SUGGESTION = /\n\(Did you mean (?:one of )?(?<candidates>.+)\?\)$/;
const PATTERNS: Readonly<Record<string, RegExp>> = {
  "commander.unknownOption": /^error: unknown option '(?<option>.*)'$/s,
  "commander.unknownCommand": /^error: unknown command '(?<command>.*)'$/s,
  "commander.missingArgument": /^error: missing required argument '(?<argument>.*)'$/s,
  "commander.optionMissingArgument": /^error: option '(?<option>.*)' argument missing$/s,
  "commander.missingMandatoryOptionValue":
    /^error: required option '(?<option>.*)' not specified$/s,
  "commander.invalidArgument":
    /^error: (?:option '(?<option>.*?)' argument '(?<value>.*)' is invalid|command-argument value '(?<argValue>.*)' is invalid for argument '(?<argument>.*?)')\. (?<reason>.*)$/s,
};

/** `a`, `a or b`, `a, b or c` in the user's language. */
const either = (items: ReadonlyArray<string>, t: Translator): string =>
  new Intl.ListFormat(t.language, { type: "disjunction" }).format(items);

/** The text for one code, from the parts of commander's message; null when they do not fit. */
const worded = (
  code: string,
  parts: Readonly<Record<string, string | undefined>>,
  command: FailingCommand,
  t: Translator,
): string | null => {
  const { option, value, argValue, argument, reason = "" } = parts;
  switch (code) {
    case "commander.unknownOption":
      return option === undefined ? null : t.t("usage.unknownOption", { option });
    case "commander.unknownCommand":
      return parts.command === undefined
        ? null
        : t.t("usage.unknownCommand", { command: parts.command });
    case "commander.missingArgument":
      return argument === undefined ? null : t.t("usage.missingArgument", { argument });
    case "commander.optionMissingArgument":
      return option === undefined ? null : t.t("usage.optionMissingArgument", { option });
    case "commander.missingMandatoryOptionValue":
      return option === undefined ? null : t.t("usage.missingMandatoryOption", { option });
    case "commander.invalidArgument":
      if (option !== undefined && value !== undefined)
        return t.t("usage.invalidOptionValue", { option, value, reason });
      if (argument !== undefined && argValue !== undefined)
        return t.t("usage.invalidArgumentValue", { argument, value: argValue, reason });
      return null;
    case "commander.excessArguments": {
      // Commander's text has only the counts; the command still holds the surplus.
      const expected = command.registeredArguments.length;
      const extra = command.args
        .slice(expected)
        .map((arg) => t.t("usage.quoted", { value: arg }))
        .join(", ");
      return expected === 0
        ? t.t("usage.noArguments", { command: command.name(), extra })
        : t.t("usage.excessArguments", { command: command.name(), extra, expected });
    }
    default:
      return null;
  }
};

/**
 * Commander's usage error `message` (with its `code`) in the user's language,
 * naming the offending option, argument or value, and commander's did-you-mean
 * suggestion on a second line. A code this CLI does not provoke (commander's
 * conflicting options) keeps commander's text.
 *
 * @example
 * commanderErrorText("error: unknown option '--jsn'\n(Did you mean --json?)",
 *   "commander.unknownOption", command, translator("de"));
 * // "Unbekannte Option '--jsn'.\n(Meinten Sie --json?)"
 */
export const commanderErrorText = (
  message: string,
  code: string | undefined,
  command: FailingCommand,
  t: Translator,
): string => {
  const suggestion = code === "commander.invalidArgument" ? null : SUGGESTION.exec(message);
  const body = suggestion ? message.slice(0, suggestion.index) : message;
  const pattern = code === undefined ? undefined : PATTERNS[code];
  const parts = pattern ? pattern.exec(body)?.groups : {};
  const text = code !== undefined && parts ? worded(code, parts, command, t) : null;
  if (text === null) return message;
  const candidates = suggestion?.groups?.candidates?.split(", ");
  return candidates
    ? `${text}\n${t.t("usage.didYouMean", { candidates: either(candidates, t) })}`
    : text;
};
