CREATE TABLE "keycloak_user_sync" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"pushed_version" timestamp with time zone,
	"pushed_password" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
