import type { CompanySuggestion } from "@portal/contracts";
import { and, asc, like, not, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies } from "../db/schema/companies.js";
import type { SearchTerm } from "./search-term.js";

/** Spec: at most 10 suggestions. */
export const MAX_SUGGESTIONS = 10;
// Up to this many matches are ranked in memory; more means a common term, ranked by
// walking the indexes in order instead (see searchCommonName).
const RANK_IN_MEMORY_LIMIT = 500;

interface Candidate {
  readonly crefonummer: string;
  readonly name: string;
  readonly nameSearch: string;
  readonly nameLength: number;
}

const columns = {
  crefonummer: companies.crefonummer,
  name: companies.name,
  nameSearch: companies.nameSearch,
  nameLength: companies.nameLength,
};

// A word matches when it starts a word of the name: name_search has a leading space,
// and the words only hold letters and digits, so no LIKE wildcard can slip in.
const wordConditions = (words: readonly string[]): SQL =>
  and(...words.map((w) => like(companies.nameSearch, `% ${w}%`))) as SQL;

/** 0 exact name, 1 the name starts with the term, 2 every word matches elsewhere. */
const tier = (c: Candidate, phrase: string): number =>
  c.nameSearch === ` ${phrase}` ? 0 : c.nameSearch.startsWith(` ${phrase}`) ? 1 : 2;

/** Best first: exact and prefix matches, then shorter names, then crefonummer. */
export const rankCandidates = (
  candidates: readonly Candidate[],
  phrase: string,
): CompanySuggestion[] =>
  candidates
    .map((c) => ({ c, tier: tier(c, phrase) }))
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        a.c.nameLength - b.c.nameLength ||
        (a.c.crefonummer < b.c.crefonummer ? -1 : 1),
    )
    .slice(0, MAX_SUGGESTIONS)
    .map(({ c }) => ({ crefonummer: c.crefonummer, name: c.name }));

const searchCrefonummer = async (db: Db, digits: string): Promise<CompanySuggestion[]> =>
  // Every hit is a prefix match; the exact number sorts first among them.
  db
    .select({ crefonummer: companies.crefonummer, name: companies.name })
    .from(companies)
    .where(like(companies.crefonummer, `${digits}%`))
    .orderBy(asc(companies.crefonummer))
    .limit(MAX_SUGGESTIONS);

// A term that matches hundreds of companies: take the name-prefix tier from the prefix
// index, then fill up with the shortest other matches by walking the length index.
const searchCommonName = async (
  db: Db,
  words: readonly string[],
  phrase: string,
): Promise<CompanySuggestion[]> => {
  const prefixPattern = ` ${phrase}%`;
  const top = await db
    .select(columns)
    .from(companies)
    .where(like(companies.nameSearch, prefixPattern))
    .orderBy(
      sql`(${companies.nameSearch} = ${` ${phrase}`}) desc`,
      asc(companies.nameLength),
      asc(companies.crefonummer),
    )
    .limit(MAX_SUGGESTIONS);
  if (top.length >= MAX_SUGGESTIONS) return rankCandidates(top, phrase);
  const rest = await db
    .select(columns)
    .from(companies)
    .where(and(wordConditions(words), not(like(companies.nameSearch, prefixPattern))))
    .orderBy(asc(companies.nameLength), asc(companies.crefonummer))
    .limit(MAX_SUGGESTIONS - top.length);
  return rankCandidates([...top, ...rest], phrase);
};

/**
 * Company-name suggestions, best first, at most {@link MAX_SUGGESTIONS}: by crefonummer
 * prefix for a digits-only term, else every word of the term must start a word of the
 * name (case and accents ignored); exact and prefix matches come before the others,
 * then shorter names.
 *
 * @example
 * await searchCompanies(db, { kind: "name", words: ["muller"], phrase: "muller" });
 */
export const searchCompanies = async (db: Db, term: SearchTerm): Promise<CompanySuggestion[]> => {
  if (term.kind === "crefonummer") return searchCrefonummer(db, term.digits);
  const candidates = await db
    .select(columns)
    .from(companies)
    .where(wordConditions(term.words))
    .limit(RANK_IN_MEMORY_LIMIT + 1);
  if (candidates.length <= RANK_IN_MEMORY_LIMIT) return rankCandidates(candidates, term.phrase);
  return searchCommonName(db, term.words, term.phrase);
};
