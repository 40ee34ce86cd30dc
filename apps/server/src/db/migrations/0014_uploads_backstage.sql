CREATE TABLE "backstage_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"artist_id" integer,
	"artist_name" text NOT NULL,
	"role" text NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"proof_entry_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"deny_reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"type" text DEFAULT 'single' NOT NULL,
	"name" text NOT NULL,
	"release_date" date,
	"image" text,
	"genres" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"album_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"file_entry_id" integer,
	"position" integer DEFAULT 1 NOT NULL,
	"disc_number" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"artists" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"explicit" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"tags" jsonb,
	"format" text,
	"duration_ms" integer,
	"bitrate" integer,
	"waveform" jsonb,
	"loudness_lufs" real,
	"true_peak_db" real,
	"duplicate_of_track_id" integer,
	"track_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_artists" (
	"user_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"role" text DEFAULT 'artist' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_artists_user_id_artist_id_pk" PRIMARY KEY("user_id","artist_id")
);
--> statement-breakpoint
CREATE TABLE "file_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text DEFAULT 'file' NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text DEFAULT 'application/octet-stream' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"extension" text,
	"disk" text DEFAULT 'local' NOT NULL,
	"path" text NOT NULL,
	"parent_id" integer,
	"relative_path" text,
	"owner_id" integer,
	"workspace_id" integer DEFAULT 0 NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"checksum" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"upload_id" text,
	"size" bigint NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"extension" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "waveform" jsonb;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "loudness_lufs" real;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "true_peak_db" real;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "checksum" text;--> statement-breakpoint
ALTER TABLE "backstage_requests" ADD CONSTRAINT "backstage_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backstage_requests" ADD CONSTRAINT "backstage_requests_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backstage_requests" ADD CONSTRAINT "backstage_requests_proof_entry_id_file_entries_id_fk" FOREIGN KEY ("proof_entry_id") REFERENCES "public"."file_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backstage_requests" ADD CONSTRAINT "backstage_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_drafts" ADD CONSTRAINT "release_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_drafts" ADD CONSTRAINT "release_drafts_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_drafts" ADD CONSTRAINT "release_drafts_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_drafts" ADD CONSTRAINT "track_drafts_release_id_release_drafts_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."release_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_drafts" ADD CONSTRAINT "track_drafts_file_entry_id_file_entries_id_fk" FOREIGN KEY ("file_entry_id") REFERENCES "public"."file_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_drafts" ADD CONSTRAINT "track_drafts_duplicate_of_track_id_tracks_id_fk" FOREIGN KEY ("duplicate_of_track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_drafts" ADD CONSTRAINT "track_drafts_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_artists" ADD CONSTRAINT "user_artists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_artists" ADD CONSTRAINT "user_artists_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_entries" ADD CONSTRAINT "file_entries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_uploads" ADD CONSTRAINT "pending_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backstage_requests_user" ON "backstage_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "backstage_requests_status" ON "backstage_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "release_drafts_user" ON "release_drafts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "release_drafts_due" ON "release_drafts" USING btree ("status","publish_at");--> statement-breakpoint
CREATE INDEX "track_drafts_release" ON "track_drafts" USING btree ("release_id","disc_number","position");--> statement-breakpoint
CREATE INDEX "user_artists_artist" ON "user_artists" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "file_entries_owner" ON "file_entries" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "file_entries_parent" ON "file_entries" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "file_entries_checksum" ON "file_entries" USING btree ("checksum");--> statement-breakpoint
CREATE INDEX "file_entries_path" ON "file_entries" USING btree ("path");--> statement-breakpoint
CREATE INDEX "file_entries_deleted" ON "file_entries" USING btree ("deleted_at") WHERE "file_entries"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "pending_uploads_user" ON "pending_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pending_uploads_expires" ON "pending_uploads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "tracks_checksum" ON "tracks" USING btree ("checksum");