import { uiLanguage } from "@portal/core";
import { CLI_LANGUAGES, type CliLanguage } from "./i18n.js";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The value of `--lang`: `de_AT.UTF-8`, `fr-LU`, `EN` ... -> `de`, `fr`, `en`; null
 * when it is not a language the CLI speaks (commander then reports a usage error).
 */
export const languageOption = (value: string): CliLanguage | null => {
  const base = value.split(/[._@-]/)[0]?.toLowerCase() ?? "";
  return (CLI_LANGUAGES as ReadonlyArray<string>).includes(base) ? (base as CliLanguage) : null;
};

/**
 * The language of the environment: the POSIX locale variables in their order of
 * precedence (LC_ALL, LC_MESSAGES, LANG), else core's default (de). An unsupported
 * locale falls back to de like any unknown locale (spec section 1).
 */
export const environmentLanguage = (env: Env): CliLanguage => {
  for (const name of ["LC_ALL", "LC_MESSAGES", "LANG"]) {
    const value = env[name];
    // C and POSIX say "no preference"; an empty variable does not count.
    if (!value || value === "C" || value === "POSIX" || value.startsWith("C.")) continue;
    return uiLanguage(value);
  }
  return uiLanguage(null);
};
