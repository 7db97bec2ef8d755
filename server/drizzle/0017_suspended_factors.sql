ALTER TABLE "mfa_credentials" ADD COLUMN "created_from" jsonb;--> statement-breakpoint
ALTER TABLE "mfa_credentials" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "created_from" jsonb;--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "suspended_at" timestamp with time zone;