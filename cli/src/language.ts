import { err, ok, type Result, uiLanguage } from "@portal/core";
import { CLI_LANGUAGES, type CliLanguage, type Message } from "./i18n.js";

/** `de_AT.UTF-8`, `fr-LU`, `en` ... -> `de`, `fr`, `en`; null when not one the CLI speaks. */
const baseLanguage = (value: string): CliLanguage | null => {
  const base = value.split(/[._@-]/)[0]?.toLowerCase() ?? "";
  return (CLI_LANGUAGES as ReadonlyArray<string>).includes(base) ? (base as CliLanguage) : null;
};

/**
 * The language of the CLI's words: `--lang`, else the POSIX locale variables in
 * their order of precedence (LC_ALL, LC_MESSAGES, LANG), else core's default (de).
 * A bad `--lang` is a usage error; an unsupported environment locale falls back to
 * de like any unknown locale (spec section 1).
 */
export const resolveLanguage = (
  option: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Result<CliLanguage, Message> => {
  if (option !== undefined) {
    const language = baseLanguage(option);
    return language ? ok(language) : err({ key: "usage.lang", params: { value: option } });
  }
  for (const name of ["LC_ALL", "LC_MESSAGES", "LANG"]) {
    const value = env[name];
    // C and POSIX say "no preference"; an empty variable does not count.
    if (!value || value === "C" || value === "POSIX" || value.startsWith("C.")) continue;
    return ok(uiLanguage(value));
  }
  return ok(uiLanguage(null));
};
