CREATE TABLE "album_artist" (
	"album_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "album_artist_album_id_artist_id_pk" PRIMARY KEY("album_id","artist_id")
);
--> statement-breakpoint
CREATE TABLE "albums" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"release_date" date,
	"type" text DEFAULT 'album' NOT NULL,
	"description" text,
	"plays" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artist_genre" (
	"artist_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	CONSTRAINT "artist_genre_artist_id_genre_id_pk" PRIMARY KEY("artist_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "artists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"image_small" text,
	"image_large" text,
	"bio" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_items" (
	"channel_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "channel_items_channel_id_item_type_item_id_pk" PRIMARY KEY("channel_id","item_type","item_id")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" integer NOT NULL,
	"followable_type" text NOT NULL,
	"followable_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followable_type_followable_id_pk" PRIMARY KEY("follower_id","followable_type","followable_id")
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"user_id" integer NOT NULL,
	"likeable_type" text NOT NULL,
	"likeable_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_user_id_likeable_type_likeable_id_pk" PRIMARY KEY("user_id","likeable_type","likeable_id")
);
--> statement-breakpoint
CREATE TABLE "playlist_collaborators" (
	"playlist_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_collaborators_playlist_id_user_id_pk" PRIMARY KEY("playlist_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "playlist_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"playlist_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"position" integer NOT NULL,
	"added_by" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image" text,
	"public" boolean DEFAULT true NOT NULL,
	"collaborative" boolean DEFAULT false NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"user_id" integer,
	"listener" text NOT NULL,
	"listen_id" text NOT NULL,
	"seconds_listened" integer NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_artist" (
	"track_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "track_artist_track_id_artist_id_pk" PRIMARY KEY("track_id","artist_id")
);
--> statement-breakpoint
CREATE TABLE "track_genre" (
	"track_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	CONSTRAINT "track_genre_track_id_genre_id_pk" PRIMARY KEY("track_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"album_id" integer,
	"number" integer,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"src" text,
	"file_size" bigint,
	"format" text,
	"bitrate" integer,
	"explicit" boolean DEFAULT false NOT NULL,
	"image" text,
	"plays" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"likes_public" boolean DEFAULT false NOT NULL,
	"bio" text
);
--> statement-breakpoint
ALTER TABLE "album_artist" ADD CONSTRAINT "album_artist_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_artist" ADD CONSTRAINT "album_artist_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_genre" ADD CONSTRAINT "artist_genre_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_genre" ADD CONSTRAINT "artist_genre_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_items" ADD CONSTRAINT "channel_items_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_collaborators" ADD CONSTRAINT "playlist_collaborators_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_collaborators" ADD CONSTRAINT "playlist_collaborators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_tracks" ADD CONSTRAINT "playlist_tracks_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_tracks" ADD CONSTRAINT "playlist_tracks_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_tracks" ADD CONSTRAINT "playlist_tracks_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_artist" ADD CONSTRAINT "track_artist_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_artist" ADD CONSTRAINT "track_artist_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_genre" ADD CONSTRAINT "track_genre_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_genre" ADD CONSTRAINT "track_genre_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "album_artist_artist" ON "album_artist" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "albums_name_trgm" ON "albums" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "albums_name_fts" ON "albums" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "albums_release_date" ON "albums" USING btree ("release_date");--> statement-breakpoint
CREATE INDEX "albums_plays" ON "albums" USING btree ("plays");--> statement-breakpoint
CREATE INDEX "artist_genre_genre" ON "artist_genre" USING btree ("genre_id");--> statement-breakpoint
CREATE INDEX "artists_name_trgm" ON "artists" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "artists_name_fts" ON "artists" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "artists_plays" ON "artists" USING btree ("plays");--> statement-breakpoint
CREATE INDEX "channel_items_order" ON "channel_items" USING btree ("channel_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_slug_unique" ON "channels" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "follows_followable" ON "follows" USING btree ("followable_type","followable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "genres_name_unique" ON "genres" USING btree ("name");--> statement-breakpoint
CREATE INDEX "likes_user_created" ON "likes" USING btree ("user_id","likeable_type","created_at");--> statement-breakpoint
CREATE INDEX "likes_likeable" ON "likes" USING btree ("likeable_type","likeable_id");--> statement-breakpoint
CREATE INDEX "playlist_tracks_order" ON "playlist_tracks" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "playlists_owner" ON "playlists" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "playlists_name_trgm" ON "playlists" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "playlists_name_fts" ON "playlists" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE UNIQUE INDEX "plays_listener_listen" ON "plays" USING btree ("listener","listen_id");--> statement-breakpoint
CREATE INDEX "plays_played_at_track" ON "plays" USING btree ("played_at","track_id");--> statement-breakpoint
CREATE INDEX "plays_track_played_at" ON "plays" USING btree ("track_id","played_at");--> statement-breakpoint
CREATE INDEX "plays_user_played_at" ON "plays" USING btree ("user_id","played_at");--> statement-breakpoint
CREATE INDEX "track_artist_artist" ON "track_artist" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "track_genre_genre" ON "track_genre" USING btree ("genre_id");--> statement-breakpoint
CREATE INDEX "tracks_album" ON "tracks" USING btree ("album_id","number");--> statement-breakpoint
CREATE INDEX "tracks_name_trgm" ON "tracks" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tracks_name_fts" ON "tracks" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "tracks_plays" ON "tracks" USING btree ("plays");--> statement-breakpoint
CREATE INDEX "tracks_created_at" ON "tracks" USING btree ("created_at");