import * as Schema from "effect/Schema";

/**
 * One company-name suggestion of the smart-signup service; `city` where the register
 * has it, so two companies of the same name can be told apart.
 */
export const CompanySuggestion = Schema.Struct({
  crefonummer: Schema.String,
  name: Schema.String,
  city: Schema.optional(Schema.String),
});
export type CompanySuggestion = typeof CompanySuggestion.Type;

/**
 * Answer of `GET /api/gatinator/smart-signup/{term}`.
 *
 * @example
 * const r: CompanySuggestions = { companyNameSuggestions: [{ crefonummer: "2010000001", name: "Muster GmbH" }] };
 */
export const CompanySuggestions = Schema.Struct({
  companyNameSuggestions: Schema.Array(CompanySuggestion),
});
export type CompanySuggestions = typeof CompanySuggestions.Type;
