-- Posting lists of the company suggestions (companies/search.ts, db/schema/companies.ts).
-- The walks in rank order read company_words by key, not companies by name length: the two
-- ordered indexes of 0004 are replaced by these, which hold only the names that have a word
-- with the key, so ten suggestions never take a scan of the names that cannot match.
DROP INDEX IF EXISTS "companies_prefix_rank_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "companies_rank_idx";
--> statement-breakpoint
-- Every word's list, shortest name first; INCLUDE makes the walk an index-only scan.
CREATE INDEX IF NOT EXISTS "company_words_rank_idx" ON "company_words"
  ("key", "name_length", "crefonummer") INCLUDE ("name_search");
--> statement-breakpoint
-- The first words only: names starting with a phrase, shortest first.
CREATE INDEX IF NOT EXISTS "company_words_first_rank_idx" ON "company_words"
  ("key", "name_length", "crefonummer") INCLUDE ("name_search") WHERE "position" = 1;
--> statement-breakpoint
-- The triggers keep company_words equal to the words of companies.name_search in the same
-- statement as the write, whoever writes: the seeding, a test, an import. One function for
-- every event; statement triggers with transition tables keep a bulk insert set-based.
CREATE OR REPLACE FUNCTION "companies_sync_words"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE "company_words";
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "company_words" w USING old_companies o WHERE w.crefonummer = o.crefonummer;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "company_words" (crefonummer, position, word, name_length, name_search)
    SELECT n.crefonummer, w.pos, w.word, n.name_length, n.name_search
    FROM new_companies n,
      unnest(string_to_array(ltrim(n.name_search, ' '), ' ')) WITH ORDINALITY AS w(word, pos)
    WHERE w.word <> '';
    RETURN NULL;
  END IF;
  -- UPDATE: only rows whose searchable name changed (a new representative keeps the words).
  DELETE FROM "company_words" w USING old_companies o
  WHERE w.crefonummer = o.crefonummer
    AND NOT EXISTS (SELECT 1 FROM new_companies n WHERE n.crefonummer = o.crefonummer
      AND n.name_search = o.name_search AND n.name_length = o.name_length);
  INSERT INTO "company_words" (crefonummer, position, word, name_length, name_search)
  SELECT n.crefonummer, w.pos, w.word, n.name_length, n.name_search
  FROM new_companies n,
    unnest(string_to_array(ltrim(n.name_search, ' '), ' ')) WITH ORDINALITY AS w(word, pos)
  WHERE w.word <> ''
    AND NOT EXISTS (SELECT 1 FROM old_companies o WHERE o.crefonummer = n.crefonummer
      AND o.name_search = n.name_search AND o.name_length = n.name_length);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "companies_words_insert" AFTER INSERT ON "companies"
  REFERENCING NEW TABLE AS new_companies FOR EACH STATEMENT EXECUTE FUNCTION "companies_sync_words"();
--> statement-breakpoint
CREATE TRIGGER "companies_words_update" AFTER UPDATE ON "companies"
  REFERENCING OLD TABLE AS old_companies NEW TABLE AS new_companies
  FOR EACH STATEMENT EXECUTE FUNCTION "companies_sync_words"();
--> statement-breakpoint
CREATE TRIGGER "companies_words_delete" AFTER DELETE ON "companies"
  REFERENCING OLD TABLE AS old_companies FOR EACH STATEMENT EXECUTE FUNCTION "companies_sync_words"();
--> statement-breakpoint
CREATE TRIGGER "companies_words_truncate" AFTER TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "companies_sync_words"();
--> statement-breakpoint
-- company_word_keys counts the rows of each key: the same set-based way, on company_words.
-- Inserted in key order, so two writers lock the same counters in the same order.
CREATE OR REPLACE FUNCTION "company_words_count_keys"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE "company_word_keys";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "company_word_keys" k SET entries = k.entries - o.n
    FROM (SELECT key, count(*)::int AS n FROM old_words GROUP BY key) o WHERE k.key = o.key;
    DELETE FROM "company_word_keys" WHERE entries <= 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "company_word_keys" (key, entries)
    SELECT key, count(*)::int FROM new_words GROUP BY key ORDER BY key
    ON CONFLICT (key) DO UPDATE SET entries = "company_word_keys".entries + excluded.entries;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "company_words_keys_insert" AFTER INSERT ON "company_words"
  REFERENCING NEW TABLE AS new_words FOR EACH STATEMENT EXECUTE FUNCTION "company_words_count_keys"();
--> statement-breakpoint
CREATE TRIGGER "company_words_keys_update" AFTER UPDATE ON "company_words"
  REFERENCING OLD TABLE AS old_words NEW TABLE AS new_words
  FOR EACH STATEMENT EXECUTE FUNCTION "company_words_count_keys"();
--> statement-breakpoint
CREATE TRIGGER "company_words_keys_delete" AFTER DELETE ON "company_words"
  REFERENCING OLD TABLE AS old_words FOR EACH STATEMENT EXECUTE FUNCTION "company_words_count_keys"();
--> statement-breakpoint
CREATE TRIGGER "company_words_keys_truncate" AFTER TRUNCATE ON "company_words"
  FOR EACH STATEMENT EXECUTE FUNCTION "company_words_count_keys"();
--> statement-breakpoint
-- A register seeded before this migration gets its posting lists now.
INSERT INTO "company_words" (crefonummer, position, word, name_length, name_search)
SELECT c.crefonummer, w.pos, w.word, c.name_length, c.name_search
FROM "companies" c,
  unnest(string_to_array(ltrim(c.name_search, ' '), ' ')) WITH ORDINALITY AS w(word, pos)
WHERE w.word <> '';
