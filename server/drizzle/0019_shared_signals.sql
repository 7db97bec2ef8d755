CREATE TABLE "ssf_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stream_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"subject" jsonb NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"txn" uuid NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT '1970-01-01T00:00:00.000Z' NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ssf_streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"delivery_method" text NOT NULL,
	"endpoint_url" text,
	"authorization_header" text,
	"events_requested" jsonb NOT NULL,
	"events_delivered" jsonb NOT NULL,
	"subject_format" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	"status_reason" text,
	"delivered" integer DEFAULT 0 NOT NULL,
	"given_up" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ssf_events" ADD CONSTRAINT "ssf_events_stream_id_ssf_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."ssf_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ssf_events_due_idx" ON "ssf_events" USING btree ("run_after");--> statement-breakpoint
CREATE INDEX "ssf_events_stream_idx" ON "ssf_events" USING btree ("stream_id","created_at");--> statement-breakpoint
CREATE INDEX "ssf_streams_client_idx" ON "ssf_streams" USING btree ("client_id");