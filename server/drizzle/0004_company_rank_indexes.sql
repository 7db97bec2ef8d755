-- Ordered indexes for the company suggestions (companies/search.ts). Both carry the
-- columns a suggestion needs (INCLUDE), so a walk in rank order is an index-only scan.
-- Names starting with a phrase, shortest first, within their first three letters.
CREATE INDEX IF NOT EXISTS "companies_prefix_rank_idx" ON "companies"
  (left("name_search", 4), "name_length", "crefonummer") INCLUDE ("name", "name_search");
--> statement-breakpoint
-- Every name, shortest first.
CREATE INDEX IF NOT EXISTS "companies_rank_idx" ON "companies"
  ("name_length", "crefonummer") INCLUDE ("name", "name_search");
