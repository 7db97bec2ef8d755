CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"crefonummer" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_form" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country_code" text NOT NULL,
	"representatives" jsonb NOT NULL,
	"name_search" text NOT NULL,
	"name_length" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_seconds" integer NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_created_at_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "companies_name_search_trgm_idx" ON "companies" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_crefonummer_prefix_idx" ON "companies" USING btree ("crefonummer" text_pattern_ops);