CREATE TABLE "radio_plays" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"seq" bigint,
	"title" text NOT NULL,
	"artist" text,
	"album" text,
	"art" text,
	"track_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "radio_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text,
	"streams" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hls_url" text,
	"source" jsonb NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"listeners" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "radio_stations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "radio_watch_leases" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "radio_plays" ADD CONSTRAINT "radio_plays_station_id_radio_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."radio_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_plays" ADD CONSTRAINT "radio_plays_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_watch_leases" ADD CONSTRAINT "radio_watch_leases_station_id_radio_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."radio_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "radio_plays_station_seq" ON "radio_plays" USING btree ("station_id","seq") WHERE "radio_plays"."seq" is not null;--> statement-breakpoint
CREATE INDEX "radio_plays_station_started" ON "radio_plays" USING btree ("station_id","started_at");