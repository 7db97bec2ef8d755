ALTER TABLE "persons" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "erase_at" timestamp with time zone;