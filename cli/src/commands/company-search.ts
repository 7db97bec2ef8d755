import { type CompanySuggestions, MAX_LENGTHS } from "@portal/contracts";
import {
  AUTOCOMPLETE_MIN_CHARS,
  type CompanySearch,
  err,
  isNumeric,
  ok,
  type Result,
} from "@portal/core";
import type { Command } from "commander";
import { type CommandContext, present } from "../command-context.js";
import { type CliFailure, httpFailed, usageError } from "../failure.js";
import { table } from "../format.js";
import type { Translator } from "../i18n.js";
import { singleLineInput } from "../input.js";

/** What to search: name words (TERM) or a crefonummer prefix (`--crefonummer`). */
export interface CompanyQuery {
  readonly term?: string | undefined;
  readonly crefonummer?: string | undefined;
}

/**
 * The search text of a query: exactly one of TERM and `--crefonummer`; a crefonummer
 * is digits only (spec: "Crefonummer ... accepted only if all digits"); like the
 * form's autocomplete, at least 3 characters; one line (TERM at most 255 characters,
 * a crefonummer at most 10 digits).
 */
export const companySearchText = (query: CompanyQuery): Result<string, CliFailure> => {
  if ((query.term === undefined) === (query.crefonummer === undefined))
    return err(usageError("usage.companyQuery"));
  const line =
    query.term !== undefined
      ? singleLineInput(query.term, "TERM", MAX_LENGTHS.text)
      : singleLineInput(query.crefonummer ?? "", "--crefonummer", MAX_LENGTHS.crefonummer);
  if (!line.ok) return line;
  if (query.crefonummer !== undefined && !isNumeric(query.crefonummer.trim()))
    return err(usageError("usage.crefonummer", { value: query.crefonummer }));
  const text = (query.term ?? query.crefonummer ?? "").trim();
  if ([...text].length < AUTOCOMPLETE_MIN_CHARS)
    return err(
      usageError("usage.companyTerm", {
        min: AUTOCOMPLETE_MIN_CHARS,
        value: query.term ?? query.crefonummer ?? "",
      }),
    );
  return ok(text);
};

/** Company-name suggestions, best first, for name words or a crefonummer prefix. */
export const collectCompanySearch = async (
  query: CompanyQuery,
  search: CompanySearch,
): Promise<Result<CompanySuggestions, CliFailure>> => {
  const text = companySearchText(query);
  if (!text.ok) return text;
  const result = await search.suggest(text.value);
  return result.ok ? result : err(httpFailed(result.error));
};

/** Crefonummer and name of each suggestion, best first. */
export const printCompanySearch = (
  searched: string,
  suggestions: CompanySuggestions,
  t: Translator,
): string =>
  suggestions.companyNameSuggestions.length === 0
    ? t.t("company.none", { term: searched.trim() })
    : table(
        [t.t("company.crefonummer"), t.t("company.name")],
        suggestions.companyNameSuggestions.map((s) => [s.crefonummer, s.name]),
      );

/** `portal company search TERM | --crefonummer DIGITS`. */
export const registerCompanySearch = (company: Command, ctx: CommandContext): void => {
  company
    .command("search")
    .description(ctx.t.t("help.company.search"))
    .argument("[term]", ctx.t.t("help.company.term", { min: AUTOCOMPLETE_MIN_CHARS }))
    .option("--crefonummer <digits>", ctx.t.t("help.company.crefonummer"))
    .action((term: string | undefined, options: { crefonummer?: string }, command: Command) =>
      ctx.run(
        command,
        async ({ companySearch, t }) => {
          const query = { term, crefonummer: options.crefonummer };
          return present(await collectCompanySearch(query, companySearch), (found) => ({
            json: found,
            human: printCompanySearch(term ?? options.crefonummer ?? "", found, t),
          }));
        },
        { network: true },
      ),
    );
};
