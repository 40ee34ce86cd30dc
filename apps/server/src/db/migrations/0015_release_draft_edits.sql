ALTER TABLE "track_drafts" ALTER COLUMN "explicit" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "track_drafts" ALTER COLUMN "explicit" SET DATA TYPE boolean USING "explicit" <> 0;--> statement-breakpoint
ALTER TABLE "track_drafts" ALTER COLUMN "explicit" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "release_drafts" ADD COLUMN "name_from_user" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "track_drafts" ADD COLUMN "name_from_user" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "track_drafts" ADD COLUMN "order_from_user" boolean DEFAULT false NOT NULL;