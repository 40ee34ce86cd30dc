ALTER TABLE "tracks" ADD COLUMN "audio_status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "audio_error" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "pending_src" text;--> statement-breakpoint
CREATE INDEX "tracks_pending_audio" ON "tracks" USING btree ("id") WHERE "tracks"."pending_src" is not null;