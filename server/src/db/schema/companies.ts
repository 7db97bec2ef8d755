import { index, jsonb, pgTable, smallint, text } from "drizzle-orm/pg-core";

/**
 * The company register behind the smart-signup suggestions. `name_search` holds the
 * normalised name (see companies/normalise.ts) with one leading space, so that
 * `LIKE '% word%'` finds a word prefix at the start of the name too and pg_trgm sees the
 * word boundary. `name_length` is the normalised name length that orders suggestions.
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
    // Prefix matches of the crefonummer (LIKE 'digits%').
    index("companies_crefonummer_prefix_idx").on(t.crefonummer.op("text_pattern_ops")),
    // The two ordered indexes that read suggestions in rank order carry INCLUDE columns,
    // which Drizzle cannot express: they live in the custom migration company_rank_indexes.
  ],
);

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = typeof companies.$inferInsert;
