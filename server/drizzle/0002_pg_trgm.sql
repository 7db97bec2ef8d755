-- Trigram matching for the company suggestions (GIN on companies.name_search).
-- PGlite loads the extension from @electric-sql/pglite/contrib/pg_trgm (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
