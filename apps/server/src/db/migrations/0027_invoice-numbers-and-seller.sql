ALTER TABLE "invoices" ADD COLUMN "display_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_display_number_unique" UNIQUE("display_number");