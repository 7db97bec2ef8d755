import type { CliLanguage } from "./i18n.js";
import { environmentLanguage, languageOption } from "./language.js";

/** What the CLI needs before commander parses: the language of help and usage errors, and --json. */
export interface EarlyOptions {
  readonly language: CliLanguage;
  readonly json: boolean;
}

/**
 * Reads `--lang VALUE`, `--lang=VALUE` (the last one wins, as in commander) and
 * `--json` from the arguments after `portal`, up to `--`. Commander's help and its
 * usage errors are worded while it parses, so the language must be known first.
 * A `--lang` the CLI does not speak leaves the environment's language, in which
 * commander's parse then reports it.
 *
 * @example
 * earlyOptions(["health", "--lang=fr_LU"], {}); // { language: "fr", json: false }
 */
export const earlyOptions = (
  args: ReadonlyArray<string>,
  env: Readonly<Record<string, string | undefined>>,
): EarlyOptions => {
  let lang: string | undefined;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--") break;
    if (arg === "--json") json = true;
    else if (arg === "--lang") lang = args[++i];
    else if (arg.startsWith("--lang=")) lang = arg.slice("--lang=".length);
  }
  const chosen = lang === undefined ? null : languageOption(lang);
  return { language: chosen ?? environmentLanguage(env), json };
};
