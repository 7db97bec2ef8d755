import type { CompanySuggestion } from "@portal/contracts";
import { asc, like } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies } from "../db/schema/companies.js";
import { MAX_SUGGESTIONS, rankCandidates } from "./rank.js";
import type { SearchTerm } from "./search-term.js";
import {
  fetchBest,
  type PhraseSource,
  surveyTerm,
  type Walk,
  type WordList,
  walkBest,
} from "./word-lists.js";

/** Tuning of the search strategy; tests shrink it to drive every path on small data. */
export interface SearchTuning {
  /**
   * A word or phrase with up to this many matches has them fetched and ranked in one
   * statement; more means a common one, read in rank order from the posting lists.
   */
  readonly fetchLimit: number;
}

// A fetch reads each match from the table (about 2 µs a row), a walk reads an index only
// (about 0.3 µs) and stops at the tenth match: measured on 1 000 000 companies, fetching
// beats walking up to a few hundred matches (server/bench/company-search.mjs).
export const DEFAULT_TUNING: SearchTuning = { fetchLimit: 500 };

const searchCrefonummer = async (db: Db, digits: string): Promise<CompanySuggestion[]> =>
  // Every hit is a prefix match; the exact number sorts first among them.
  db
    .select({ crefonummer: companies.crefonummer, name: companies.name, city: companies.city })
    .from(companies)
    .where(like(companies.crefonummer, `${digits}%`))
    .orderBy(asc(companies.crefonummer))
    .limit(MAX_SUGGESTIONS);

const entriesOf = (lists: readonly WordList[]): number =>
  lists.reduce((sum, l) => sum + l.entries, 0);

const shortestOf = (lists: readonly WordList[]): number =>
  lists.length === 0 ? 0 : Math.min(...lists.map((l) => l.shortest));

/**
 * Company-name suggestions, best first, at most {@link MAX_SUGGESTIONS}: by crefonummer
 * prefix for a digits-only term, else every word of the term must start a word of the
 * name (case and accents ignored); the exact name first, then names starting with the
 * phrase, then the others; within each, shorter names first, then crefonummer.
 *
 * One statement counts each word's matches and the names starting with the phrase (up to
 * {@link SearchTuning.fetchLimit}, from text_pattern_ops ranges) and reads the posting
 * lists' lengths. A word without any match means no suggestion. A word with few matches
 * has them fetched and ranked in a second statement. Otherwise every word is common and
 * the second statement walks posting lists in rank order: the names starting with the
 * phrase (fetched when few, else from the first-word lists), then, unless they are ten
 * already, the other matches from the lists of the word with the shortest ones, the
 * other words filtering. No statement sorts more than `fetchLimit` rows, and a walk stops
 * at the tenth match.
 *
 * @example
 * await searchCompanies(db, { kind: "name", words: ["muller"], phrase: "muller" });
 */
export const searchCompanies = async (
  db: Db,
  term: SearchTerm,
  tuning: SearchTuning = DEFAULT_TUNING,
): Promise<CompanySuggestion[]> => {
  if (term.kind === "crefonummer") return searchCrefonummer(db, term.digits);
  const { words, phrase } = term;
  if (words.length === 0) return [];
  const survey = await surveyTerm(db, words, phrase, tuning.fetchLimit);
  const fewest = Math.min(...survey.wordMatches);
  if (fewest === 0) return [];
  if (fewest <= tuning.fetchLimit) {
    const rare = words[survey.wordMatches.indexOf(fewest)] ?? phrase;
    return rankCandidates(await fetchBest(db, rare, words, phrase), phrase);
  }
  // Every word is common: the best come from the posting lists in rank order, past the
  // names shorter than every list of some word holds.
  const shortest = Math.max(...survey.lists.map(shortestOf));
  const walkOf = (lists: readonly WordList[]): Walk => ({
    keys: lists.map((l) => l.key),
    shortest,
  });
  const source: PhraseSource =
    survey.phraseMatches === 0
      ? { kind: "none" }
      : survey.phraseMatches <= tuning.fetchLimit
        ? { kind: "fetch" }
        : { kind: "walk", walk: walkOf(survey.lists[0] ?? []) };
  // Ten names starting with the phrase are the answer; else the other matches follow,
  // from the lists of the word with the shortest ones, the other words filtering.
  const driving = survey.lists.reduce((a, b) => (entriesOf(b) < entriesOf(a) ? b : a));
  const others = survey.phraseMatches >= MAX_SUGGESTIONS ? null : walkOf(driving);
  return rankCandidates(await walkBest(db, words, phrase, source, others), phrase);
};
