import type { CompanySuggestion, CompanySuggestions, Person } from "@portal/contracts";
import type { HttpFailure } from "./http-failure.js";
import type { Result } from "./result.js";

/**
 * True when the loaded person's company suggestion must be looked up (it has an
 * unverifiedCrefonummer).
 */
export const needsCompanyLookup = (person: Pick<Person, "unverifiedCrefonummer">): boolean =>
  (person.unverifiedCrefonummer ?? "") !== "";

/**
 * The company rule on load: if the first suggestion's number equals the person's
 * unverifiedCrefonummer, companyName is set from it; if the lookup failed,
 * unverifiedCrefonummer is cleared; otherwise the person is unchanged.
 *
 * @example
 * companyOnLoad(person, ok({ companyNameSuggestions: [{ crefonummer: person.unverifiedCrefonummer, name: "Muster GmbH" }] })).companyName;
 * // "Muster GmbH"
 */
export const companyOnLoad = <P extends Pick<Person, "unverifiedCrefonummer" | "companyName">>(
  person: P,
  lookup: Result<CompanySuggestions, HttpFailure>,
): P => {
  if (!needsCompanyLookup(person)) return person;
  if (!lookup.ok) return { ...person, unverifiedCrefonummer: null };
  const first = lookup.value.companyNameSuggestions[0];
  return first && first.crefonummer === person.unverifiedCrefonummer
    ? { ...person, companyName: first.name }
    : person;
};

/**
 * The suggestion that stands for exactly this crefonummer (a lookup by number answers
 * every number starting with it), or undefined.
 *
 * @example
 * suggestionFor("2010000001", { companyNameSuggestions: [{ crefonummer: "2010000001", name: "Muster GmbH" }] })?.name;
 * // "Muster GmbH"
 */
export const suggestionFor = (
  crefonummer: string,
  suggestions: CompanySuggestions,
): CompanySuggestion | undefined =>
  suggestions.companyNameSuggestions.find((s) => s.crefonummer === crefonummer);
