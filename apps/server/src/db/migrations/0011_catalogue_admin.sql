DROP INDEX "albums_plays";--> statement-breakpoint
DROP INDEX "artists_plays";--> statement-breakpoint
DROP INDEX "tracks_plays";--> statement-breakpoint
DROP INDEX "tracks_created_at";--> statement-breakpoint
CREATE INDEX "albums_name_sort" ON "albums" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "albums_created_at" ON "albums" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "artists_name_sort" ON "artists" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "artists_created_at" ON "artists" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tracks_name_sort" ON "tracks" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "tracks_duration" ON "tracks" USING btree ("duration_ms","id");--> statement-breakpoint
CREATE INDEX "albums_plays" ON "albums" USING btree ("plays","id");--> statement-breakpoint
CREATE INDEX "artists_plays" ON "artists" USING btree ("plays","id");--> statement-breakpoint
CREATE INDEX "tracks_plays" ON "tracks" USING btree ("plays","id");--> statement-breakpoint
CREATE INDEX "tracks_created_at" ON "tracks" USING btree ("created_at","id");