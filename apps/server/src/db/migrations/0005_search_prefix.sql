CREATE INDEX "albums_name_prefix" ON "albums" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "artists_name_prefix" ON "artists" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "playlists_name_prefix" ON "playlists" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tracks_name_prefix" ON "tracks" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_public_name_prefix" ON "users" USING btree (lower(coalesce(nullif(btrim("display_name"), ''), btrim(coalesce("first_name", '') || ' ' || coalesce("last_name", '')))) text_pattern_ops);