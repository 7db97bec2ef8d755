import { InvalidArgumentError, Option } from "commander";
import type { Translator } from "./i18n.js";
import { languageOption } from "./language.js";

/** The variables `--help` lists under its environment heading. */
const ENVIRONMENT = [
  "PORTAL_URL",
  "PORTAL_CLIENT_SECRET",
  "PORTAL_CLIENT_ID",
  "PORTAL_ISSUER",
  "XDG_CONFIG_HOME",
] as const;

/** What `portal --help` adds after commander's part: the environment and the exit codes. */
export const environmentHelp = (t: Translator): string =>
  [
    "",
    t.t("help.title.environment"),
    ...ENVIRONMENT.map((name) => `  ${name.padEnd(22)}${t.t(`help.env.${name}`)}`),
    "",
    t.t("help.exitCodes"),
  ].join("\n");

/**
 * `--lang`, checked while commander parses (so even `--lang xx --help` is refused);
 * a bad value is commander's invalid-argument error, listing the languages.
 */
export const langOption = (t: Translator): Option =>
  new Option("--lang <language>", t.t("help.lang")).argParser((value) => {
    const language = languageOption(value);
    if (language === null) throw new InvalidArgumentError(t.t("usage.languages"));
    return language;
  });
