ALTER TABLE "payments" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "buyer_tin" text;