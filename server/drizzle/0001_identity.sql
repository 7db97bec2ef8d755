CREATE TABLE "identity_artifacts" (
	"model" text NOT NULL,
	"id_hash" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid_hash" text,
	"user_code_hash" text,
	"account_id" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "identity_artifacts_model_id_hash_pk" PRIMARY KEY("model","id_hash")
);
--> statement-breakpoint
CREATE TABLE "identity_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"material" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_login_failures" (
	"subject_hash" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_login_states" (
	"interaction_hash" text PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"password_at" timestamp with time zone,
	"second_factor_at" timestamp with time zone,
	"email_code_hash" text,
	"email_code_expires_at" timestamp with time zone,
	"email_code_tries" integer DEFAULT 0 NOT NULL,
	"pending_totp_secret" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_login_states" ADD CONSTRAINT "identity_login_states_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_artifacts_grant_idx" ON "identity_artifacts" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "identity_artifacts_uid_idx" ON "identity_artifacts" USING btree ("uid_hash");--> statement-breakpoint
CREATE INDEX "identity_artifacts_user_code_idx" ON "identity_artifacts" USING btree ("user_code_hash");--> statement-breakpoint
CREATE INDEX "identity_artifacts_account_idx" ON "identity_artifacts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "identity_artifacts_expires_idx" ON "identity_artifacts" USING btree ("expires_at");