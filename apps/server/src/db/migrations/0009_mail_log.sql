CREATE TABLE "mail_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"driver" text NOT NULL,
	"message_id" text,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_log_created_at" ON "mail_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_log_status_created_at" ON "mail_log" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "mail_log_search" ON "mail_log" USING gin (lower("to_address" || ' ' || "subject") gin_trgm_ops);