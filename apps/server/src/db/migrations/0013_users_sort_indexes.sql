DROP INDEX "users_created_at";--> statement-breakpoint
DROP INDEX "users_last_login_at";--> statement-breakpoint
DROP INDEX "users_public_name_sort";--> statement-breakpoint
CREATE INDEX "users_created_at_id" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_last_login_at_id" ON "users" USING btree ("last_login_at","id");--> statement-breakpoint
CREATE INDEX "users_last_login_at_desc_id" ON "users" USING btree ("last_login_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_public_name_sort_id" ON "users" USING btree (lower(coalesce(nullif(btrim("display_name"), ''), btrim(coalesce("first_name", '') || ' ' || coalesce("last_name", '')))),"id");