CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"user_id" integer,
	"ip" text,
	"read_at" timestamp with time zone,
	"mail_status" text DEFAULT 'pending' NOT NULL,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mail_next_attempt_at" timestamp with time zone DEFAULT now(),
	"mail_last_error" text,
	"notified_to" text,
	"notified_at" timestamp with time zone,
	"copy_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_at" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_unread" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "contact_messages_mail_due" ON "contact_messages" USING btree ("mail_next_attempt_at") WHERE "contact_messages"."mail_next_attempt_at" is not null;