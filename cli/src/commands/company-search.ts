import type { CompanySuggestions } from "@portal/contracts";
import { AUTOCOMPLETE_MIN_CHARS, type CompanySearch, err, type Result } from "@portal/core";
import type { Command } from "commander";
import { type CommandContext, present } from "../command-context.js";
import { type CliFailure, httpFailed, usageError } from "../failure.js";
import { table } from "../format.js";
import type { Translator } from "../i18n.js";
import { TOKENS } from "../tokens.js";

/**
 * Company-name suggestions by name words or crefonummer prefix. Like the form's
 * autocomplete, a term needs at least 3 characters.
 */
export const collectCompanySearch = async (
  term: string,
  search: CompanySearch,
): Promise<Result<CompanySuggestions, CliFailure>> => {
  const trimmed = term.trim();
  if ([...trimmed].length < AUTOCOMPLETE_MIN_CHARS)
    return err(usageError("usage.companyTerm", { min: AUTOCOMPLETE_MIN_CHARS, value: term }));
  const result = await search.suggest(trimmed);
  return result.ok ? result : err(httpFailed(result.error));
};

/** Crefonummer and name of each suggestion, best first. */
export const printCompanySearch = (
  term: string,
  suggestions: CompanySuggestions,
  t: Translator,
): string =>
  suggestions.companyNameSuggestions.length === 0
    ? t.t("company.none", { term: term.trim() })
    : table(
        [t.t("company.crefonummer"), t.t("company.name")],
        suggestions.companyNameSuggestions.map((s) => [s.crefonummer, s.name]),
      );

/** `portal company search TERM`. */
export const registerCompanySearch = (company: Command, ctx: CommandContext): void => {
  company
    .command("search")
    .description("Company suggestions by name words or crefonummer prefix, best first")
    .argument(
      "<term>",
      `name words or crefonummer prefix (at least ${AUTOCOMPLETE_MIN_CHARS} characters)`,
    )
    .action((term: string, _options: unknown, command: Command) =>
      ctx.run(
        command,
        async ({ container, t }) =>
          present(
            await collectCompanySearch(term, container.get(TOKENS.CompanySearch)),
            (found) => ({
              json: found,
              human: printCompanySearch(term, found, t),
            }),
          ),
        { network: true },
      ),
    );
};
