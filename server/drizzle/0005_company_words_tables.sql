CREATE TABLE "company_word_keys" (
	"key" text COLLATE "C" PRIMARY KEY NOT NULL,
	"entries" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_words" (
	"crefonummer" text NOT NULL,
	"position" smallint NOT NULL,
	"word" text NOT NULL,
	"key" text COLLATE "C" GENERATED ALWAYS AS (left(word, 3)) STORED NOT NULL,
	"name_length" smallint NOT NULL,
	"name_search" text NOT NULL,
	CONSTRAINT "company_words_crefonummer_position_pk" PRIMARY KEY("crefonummer","position")
);
--> statement-breakpoint
DROP INDEX "companies_name_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "company_words_word_idx" ON "company_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "companies_name_search_prefix_idx" ON "companies" USING btree ("name_search" text_pattern_ops);