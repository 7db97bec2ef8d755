import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type Candidate, MAX_SUGGESTIONS } from "./rank.js";

// Queries on the posting lists (company_words, company_word_keys; see db/schema/companies.ts
// and the migration company_words). Words and phrases only hold letters, digits and single
// spaces (normalise.ts), so no LIKE wildcard can slip into a pattern.

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  // Both drivers answer raw queries with `{ rows }` and parse json columns.
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A posting list: its key, how many rows it has and its shortest name. */
export interface WordList {
  readonly key: string;
  readonly entries: number;
  readonly shortest: number;
}

/** What a search learns first, in one statement. */
export interface TermSurvey {
  /** Per word of the term (same order): name words starting with it, at most `cap` + 1. */
  readonly wordMatches: readonly number[];
  /** Names starting with the phrase, at most `cap` + 1. */
  readonly phraseMatches: number;
  /** Per word of the term (same order): the posting lists holding its matches. */
  readonly lists: readonly (readonly WordList[])[];
}

// The keys a word reads, as a range [from, to) of the "C"-collated keys (code-point
// order): its first three letters, or for a shorter word every key starting with it
// ("co": "co", "com", "con", ...). Keys are at most three letters long, so the range of a
// word of three letters or more holds one key.
const keyRange = (word: string): [from: string, to: string] => {
  const chars = [...word].slice(0, 3);
  const next = (chars.at(-1)?.codePointAt(0) ?? 0) + 1;
  // Past the surrogates: a lone one is no character PostgreSQL would take.
  const after = next >= 0xd800 && next <= 0xdfff ? 0xe000 : next;
  return [chars.join(""), [...chars.slice(0, -1), String.fromCodePoint(after)].join("")];
};

/**
 * Counts, each only up to `cap` + 1, the name words starting with each word of the term
 * and the names starting with the phrase (text_pattern_ops ranges hold exactly the
 * matches), and reads the posting lists of each word with their lengths and shortest
 * names (the first entry of each list).
 */
export const surveyTerm = async (
  db: Db,
  words: readonly string[],
  phrase: string,
  cap: number,
): Promise<TermSurvey> => {
  const limit = cap + 1;
  const counts = [
    ...words.map(
      (w) =>
        sql`(select count(*)::int from (select 1 from company_words where word like ${`${w}%`} limit ${limit}) m)`,
    ),
    sql`(select count(*)::int from (select 1 from companies where name_search like ${` ${phrase}%`} limit ${limit}) m)`,
  ];
  const ranges = words.map(keyRange);
  const [row] = await rowsOf<{ counts: number[]; lists: [number, string, number, number][] }>(
    db,
    sql`select array[${sql.join(counts, sql`, `)}] as counts,
      (select coalesce(json_agg(json_build_array(r.i, k.key, k.entries,
          (select min(name_length) from company_words w where w.key = k.key))
          order by r.i, k.key), '[]')
        from unnest(${sql.param(ranges.map((r) => r[0]))}::text[],
          ${sql.param(ranges.map((r) => r[1]))}::text[]) with ordinality as r(lo, hi, i)
        join company_word_keys k on k.key >= r.lo and k.key < r.hi) as lists`,
  );
  const all = (row?.counts ?? []).map(Number);
  const lists = row?.lists ?? [];
  return {
    wordMatches: all.slice(0, words.length),
    phraseMatches: all[words.length] ?? 0,
    lists: words.map((_, i) =>
      lists
        .filter(([n]) => Number(n) === i + 1)
        .map(([, key, entries, shortest]) => ({
          key,
          entries: Number(entries),
          shortest: Number(shortest ?? 0),
        })),
    ),
  };
};

/** Every word of `words` starts a word of the name (name_search has a leading space). */
const wordsMatch = (words: readonly string[], nameSearch: SQL): SQL[] =>
  words.map((w) => sql`${nameSearch} like ${`% ${w}%`}`);

const and = (conditions: readonly SQL[]): SQL =>
  conditions.length === 0 ? sql`true` : sql.join([...conditions], sql` and `);

// The rows found (crefonummer, name_length, name_search) with the company name from the
// register, read for the few rows only.
const withNames = async (db: Db, found: SQL): Promise<Candidate[]> =>
  (
    await rowsOf<Candidate>(
      db,
      sql`select f.crefonummer, c.name, c.city, f.name_search as "nameSearch", f.name_length as "nameLength"
        from (${found}) f join companies c on c.crefonummer = f.crefonummer`,
    )
  ).map((r) => ({ ...r, nameLength: Number(r.nameLength) }));

/** Posting lists to walk. */
export interface Walk {
  readonly keys: readonly string[];
  /**
   * No match is shorter: every word has its matches in its own lists, so no match is
   * shorter than the shortest name of any word's lists. The walks seek past the shorter
   * names instead of reading them (a word found only in long names, such as a legal form,
   * would otherwise have the walk read every short name of the other word's lists).
   */
  readonly shortest: number;
}

/**
 * The best `limit` names of the posting lists that pass `conditions`, shortest first:
 * each list is an index walk in rank order (key, name_length, crefonummer) that stops
 * after `limit` distinct companies pass, so a common word never sorts its matches.
 * `firstWords` walks only the lists of names' first words (a partial index).
 */
const walkSql = (
  walk: Walk,
  conditions: (nameSearch: SQL) => SQL[],
  limit: number,
  firstWords: boolean,
): SQL => sql`
  select distinct on (w.name_length, w.crefonummer) w.crefonummer, w.name_length, w.name_search
  from unnest(${sql.param([...walk.keys])}::text[]) as k(key)
  cross join lateral (
    select distinct on (p.name_length, p.crefonummer) p.crefonummer, p.name_length, p.name_search
    from company_words p
    where p.key = k.key and p.name_length >= ${walk.shortest}
      ${firstWords ? sql`and p.position = 1` : sql``}
      and ${and(conditions(sql.raw("p.name_search")))}
    order by p.name_length, p.crefonummer
    limit ${limit}) w
  order by w.name_length, w.crefonummer
  limit ${limit}`;

/** Where the names starting with the phrase come from: few are fetched, many walked. */
export type PhraseSource =
  | { readonly kind: "none" }
  | { readonly kind: "fetch" }
  | { readonly kind: "walk"; readonly walk: Walk };

const phraseSql = (phrase: string, source: PhraseSource): SQL => {
  const startsWith = (nameSearch: SQL) => [sql`${nameSearch} like ${` ${phrase}%`}`];
  if (source.kind === "walk") return walkSql(source.walk, startsWith, MAX_SUGGESTIONS, true);
  return sql`select crefonummer, name_length, name_search from companies
    where ${source.kind === "fetch" ? startsWith(sql.raw("name_search"))[0] : sql`false`}
    order by name_length, crefonummer limit ${MAX_SUGGESTIONS}`;
};

/**
 * The best suggestions when every word is common: the names starting with the phrase
 * (from `source`), then, unless `others` is null, the other matches from the posting
 * lists of one word, the other words filtering; in one statement.
 */
export const walkBest = async (
  db: Db,
  words: readonly string[],
  phrase: string,
  source: PhraseSource,
  others: Walk | null,
): Promise<Candidate[]> => {
  const starting = phraseSql(phrase, source);
  if (others === null) return withNames(db, starting);
  const rest = walkSql(
    others,
    (nameSearch) => [
      ...wordsMatch(words, nameSearch),
      sql`${nameSearch} not like ${` ${phrase}%`}`,
    ],
    MAX_SUGGESTIONS,
    false,
  );
  return withNames(
    db,
    sql`(select 1 as part, t.* from (${starting}) t)
      union all (select 2 as part, o.* from (${rest}) o)
      order by part, name_length, crefonummer
      limit ${MAX_SUGGESTIONS}`,
  );
};

/**
 * The best suggestions among the names with a word starting with `word`, fetched through
 * the word index and ranked (exact name, starts with the phrase, others; then length,
 * crefonummer) in one statement: for a word with few matches, which a walk in rank order
 * could read far past.
 */
export const fetchBest = async (
  db: Db,
  word: string,
  words: readonly string[],
  phrase: string,
): Promise<Candidate[]> => {
  const m = sql.raw("m.name_search");
  return withNames(
    db,
    sql`select m.crefonummer, m.name_length, m.name_search
      from (select distinct crefonummer, name_length, name_search from company_words
        where word like ${`${word}%`}) m
      where ${and(wordsMatch(words, m))}
      order by case when ${m} = ${` ${phrase}`} then 0 when ${m} like ${` ${phrase}%`} then 1 else 2 end,
        m.name_length, m.crefonummer
      limit ${MAX_SUGGESTIONS}`,
  );
};
