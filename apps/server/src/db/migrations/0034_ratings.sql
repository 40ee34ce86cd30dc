CREATE TABLE "ratings" (
	"user_id" integer NOT NULL,
	"rated_type" text NOT NULL,
	"rated_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_user_id_rated_type_rated_id_pk" PRIMARY KEY("user_id","rated_type","rated_id"),
	CONSTRAINT "ratings_rating_check" CHECK ("ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;