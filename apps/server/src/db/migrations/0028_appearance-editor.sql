CREATE TABLE "appearance_drafts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"base_version_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appearance_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_from" integer
);
--> statement-breakpoint
ALTER TABLE "appearance_drafts" ADD CONSTRAINT "appearance_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appearance_versions" ADD CONSTRAINT "appearance_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appearance_versions_published_at_idx" ON "appearance_versions" USING btree ("published_at");