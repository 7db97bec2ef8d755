import { index, jsonb, pgTable, smallint, text } from "drizzle-orm/pg-core";

/**
 * The company register behind the smart-signup suggestions. `name_search` holds the
 * normalised name (see companies/normalise.ts) with one leading space, so that
 * `LIKE '% word%'` finds a word prefix at the start of the name too and pg_trgm sees the
 * word boundary. `name_length` orders suggestions (shorter names first) from an index.
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
    // Word and word-prefix matching (LIKE '% word%') on PostgreSQL and PGlite alike.
    index("companies_name_search_trgm_idx").using("gin", t.nameSearch.op("gin_trgm_ops")),
    // Prefix matches of the whole name and of the crefonummer (LIKE 'term%').
    index("companies_name_search_prefix_idx").on(t.nameSearch.op("text_pattern_ops")),
    index("companies_crefonummer_prefix_idx").on(t.crefonummer.op("text_pattern_ops")),
    // Walks the shortest names first when a term matches a large part of the register.
    index("companies_rank_idx").on(t.nameLength, t.crefonummer),
  ],
);

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = typeof companies.$inferInsert;
