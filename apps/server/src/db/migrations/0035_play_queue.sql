CREATE TABLE "play_queues" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"track_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_track_id" integer,
	"current_index" integer,
	"position_ms" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_queues" ADD CONSTRAINT "play_queues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;