ALTER TABLE "invoices" ADD COLUMN "processing_amount" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "processing_method" text;--> statement-breakpoint
ALTER TABLE "online_payment_intents" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;