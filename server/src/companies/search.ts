import type { CompanySuggestion } from "@portal/contracts";
import { and, asc, type Column, like, not, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies } from "../db/schema/companies.js";
import { type Candidate, MAX_SUGGESTIONS, rankCandidates } from "./rank.js";
import type { SearchTerm } from "./search-term.js";

/** Tuning of the search strategy; tests shrink them to drive every path on small data. */
export interface SearchTuning {
  /** Up to this many matches are ranked in one statement; more means a common term. */
  readonly rankInMemoryLimit: number;
  /** Index-only rows of the ordered walk before it falls back to sorting trigram matches. */
  readonly walkBudget: number;
}

export const DEFAULT_TUNING: SearchTuning = { rankInMemoryLimit: 200, walkBudget: 20_000 };

const columns = {
  crefonummer: companies.crefonummer,
  name: companies.name,
  nameSearch: companies.nameSearch,
  nameLength: companies.nameLength,
};
const rankOrder = [asc(companies.nameLength), asc(companies.crefonummer)];

// A word matches when it starts a word of the name: name_search has a leading space,
// and the words only hold letters and digits, so no LIKE wildcard can slip in. Words
// under three letters make one unselective trigram ("  h" matches every word with h):
// they are checked on the rows the longer words find, not through the trigram index.
const SHORT_WORD = 3;
const wordConditions = (
  words: readonly string[],
  nameSearch: Column = companies.nameSearch,
): SQL => {
  const longest = Math.max(...words.map((w) => w.length));
  return and(
    ...words.map((w) =>
      w.length < SHORT_WORD && w.length < longest
        ? like(sql`(${nameSearch} || '')`, `% ${w}%`)
        : like(nameSearch, `% ${w}%`),
    ),
  ) as SQL;
};

/** A condition on name_search, applied to the table or to the walk's subquery. */
type Condition = (nameSearch: Column) => SQL;

const searchCrefonummer = async (db: Db, digits: string): Promise<CompanySuggestion[]> =>
  // Every hit is a prefix match; the exact number sorts first among them.
  db
    .select({ crefonummer: companies.crefonummer, name: companies.name })
    .from(companies)
    .where(like(companies.crefonummer, `${digits}%`))
    .orderBy(asc(companies.crefonummer))
    .limit(MAX_SUGGESTIONS);

// Names starting with the phrase, shortest first: the index on (left(name_search, 4),
// name_length, crefonummer) hands them out in that order within the 3-letter group.
const namePrefixMatches = (db: Db, phrase: string): Promise<Candidate[]> => {
  const prefix = ` ${phrase}`;
  const startsWith = like(companies.nameSearch, `${prefix}%`);
  const query = db.select(columns).from(companies);
  // A phrase under three letters ("ab" from "...ab") has no group of its own: sort.
  const ordered =
    prefix.length < 4
      ? query.where(startsWith).orderBy(...rankOrder)
      : query
          .where(and(sql`left(${companies.nameSearch}, 4) = ${prefix.slice(0, 4)}`, startsWith))
          .orderBy(sql`left(${companies.nameSearch}, 4)`, ...rankOrder);
  return ordered.limit(MAX_SUGGESTIONS);
};

// The shortest matches of `condition` that are at least `minLength` long. Walks the
// (name_length, crefonummer) index, which is quick for a common condition; if the walk's
// budget yields too few, the matches past it come from the trigram index, sorted.
const shortestMatches = async (
  db: Db,
  condition: Condition,
  minLength: number,
  limit: number,
  walkBudget: number,
): Promise<Candidate[]> => {
  const walk = db
    .select(columns)
    .from(companies)
    .where(sql`${companies.nameLength} >= ${minLength}`)
    .orderBy(...rankOrder)
    .limit(walkBudget)
    .as("walk");
  const walked = await db
    .select()
    .from(walk)
    .where(condition(walk.nameSearch))
    .orderBy(asc(walk.nameLength), asc(walk.crefonummer))
    .limit(limit);
  if (walked.length >= limit) return walked;
  // "+ 0" and "|| ''" keep the planner off the rank index, whose walk just fell short.
  const rest = await db
    .select(columns)
    .from(companies)
    .where(
      and(
        condition(companies.nameSearch),
        // Past the walk's last row (no row when the register is smaller than the budget).
        sql`(${companies.nameLength} + 0, ${companies.crefonummer} || '') > (
          select name_length, crefonummer from ${companies} where name_length >= ${minLength}
          order by name_length, crefonummer offset ${walkBudget - 1} limit 1)`,
      ),
    )
    .orderBy(sql`${companies.nameLength} + 0`, sql`${companies.crefonummer} || ''`)
    .limit(limit - walked.length);
  return [...walked, ...rest];
};

/**
 * Company-name suggestions, best first, at most {@link MAX_SUGGESTIONS}: by crefonummer
 * prefix for a digits-only term, else every word of the term must start a word of the
 * name (case and accents ignored); exact and prefix matches come before the others,
 * then shorter names.
 *
 * Names starting with the phrase rank first, so they are read first, from an ordered
 * index-only walk: ten of them answer the question without the trigram index. Otherwise
 * the other matches (every word starts a word) are counted up to a limit and ranked in
 * one statement, or, for a common term, read in rank order by an index walk.
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
  const top = await namePrefixMatches(db, phrase);
  if (top.length >= MAX_SUGGESTIONS) return rankCandidates(top, phrase);
  const others: Condition = (nameSearch) =>
    and(wordConditions(words, nameSearch), not(like(nameSearch, ` ${phrase}%`))) as SQL;
  const needed = MAX_SUGGESTIONS - top.length;
  // Up to the limit, the database ranks the matches in one statement and says how many
  // it found; only the best ones travel back.
  const matches = db
    .select(columns)
    .from(companies)
    .where(others(companies.nameSearch))
    .limit(tuning.rankInMemoryLimit + 1)
    .as("matches");
  const ranked = await db
    .select({
      crefonummer: matches.crefonummer,
      name: matches.name,
      nameSearch: matches.nameSearch,
      nameLength: matches.nameLength,
      total: sql<number>`(select count(*) from ${matches})`.mapWith(Number),
    })
    .from(matches)
    .orderBy(asc(matches.nameLength), asc(matches.crefonummer))
    .limit(needed);
  if ((ranked[0]?.total ?? 0) <= tuning.rankInMemoryLimit) {
    return rankCandidates([...top, ...ranked], phrase);
  }
  const walked = await shortestMatches(db, others, phrase.length, needed, tuning.walkBudget);
  return rankCandidates([...top, ...walked], phrase);
};
