import { sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from "drizzle-orm/pg-core";

/**
 * The company register behind the smart-signup suggestions. `name_search` holds the
 * normalised name (see companies/normalise.ts) with one leading space, so that
 * `LIKE '% word%'` finds a word prefix at the start of the name too. `name_length` is the
 * normalised name length that orders suggestions.
 */
export const companies = pgTable(
  "companies",
  {
    // Ten digits, unique: the register's own key.
    crefonummer: text("crefonummer").primaryKey(),
    name: text("name").notNull(),
    legalForm: text("legal_form").notNull(),
    city: text("city").notNull(),
    postalCode: text("postal_code").notNull(),
    countryCode: text("country_code").notNull(),
    representatives: jsonb("representatives").$type<string[]>().notNull(),
    nameSearch: text("name_search").notNull(),
    nameLength: smallint("name_length").notNull(),
  },
  (t) => [
    // Prefix matches of the crefonummer (LIKE 'digits%').
    index("companies_crefonummer_prefix_idx").on(t.crefonummer.op("text_pattern_ops")),
    // Names starting with a phrase (LIKE ' phrase%'): counted, and fetched when few.
    index("companies_name_search_prefix_idx").on(t.nameSearch.op("text_pattern_ops")),
  ],
);

// Compared byte by byte: a short search word reads the keys that start with it as one
// range ("co" up to "cp"), which only the "C" collation keeps together in every locale.
const textC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * The words of every company name, one row per word and position: the posting lists of
 * the suggestions (companies/search.ts). Maintained by triggers on `companies` (migration
 * company_words), so every write to the register updates them in the same statement;
 * nothing else writes here. `key` (the word's first three letters) groups the words into
 * lists that the custom migration indexes in rank order (name_length, crefonummer) with
 * name_search carried along, so "best first, at most 10" is an ordered index walk.
 */
export const companyWords = pgTable(
  "company_words",
  {
    crefonummer: text("crefonummer").notNull(),
    // 1 for the name's first word: the lists of names starting with a phrase.
    position: smallint("position").notNull(),
    word: text("word").notNull(),
    key: textC("key").notNull().generatedAlwaysAs(sql`left(word, 3)`),
    nameLength: smallint("name_length").notNull(),
    nameSearch: text("name_search").notNull(),
  },
  (t) => [
    // Also what the triggers delete by when a company changes or leaves the register.
    primaryKey({ columns: [t.crefonummer, t.position] }),
    // Word-prefix matches (LIKE 'word%'): counted, and fetched when few.
    index("company_words_word_idx").on(t.word.op("text_pattern_ops")),
    // The lists in rank order carry INCLUDE columns and one is partial, which Drizzle
    // cannot express: they live in the custom migration company_words.
  ],
);

/**
 * How many company_words rows each key has: the length of each posting list, so a search
 * walks its most selective word, and the keys a one- or two-letter word reads ("co" reads
 * "co", "com", "con", ...). Maintained by a trigger on company_words (migration company_words).
 */
export const companyWordKeys = pgTable("company_word_keys", {
  key: textC("key").primaryKey(),
  entries: integer("entries").notNull(),
});

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = typeof companies.$inferInsert;
