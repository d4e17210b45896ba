ALTER TABLE "online_payment_intents" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "deposit_amount" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "estimate_id" uuid;--> statement-breakpoint
ALTER TABLE "online_payment_intents" ADD COLUMN "estimate_id" uuid;--> statement-breakpoint
ALTER TABLE "online_payment_intents" ADD CONSTRAINT "online_payment_intents_estimate_fk" FOREIGN KEY ("tenant_id","estimate_id") REFERENCES "public"."estimates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_estimate_idx" ON "payments" USING btree ("tenant_id","estimate_id") WHERE estimate_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "online_payment_intents_estimate_attempt_unique" ON "online_payment_intents" USING btree ("tenant_id","estimate_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "online_payment_intents_estimate_open_unique" ON "online_payment_intents" USING btree ("tenant_id","estimate_id") WHERE status NOT IN ('succeeded', 'canceled');--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_deposit_positive" CHECK (deposit_amount IS NULL OR deposit_amount > 0);--> statement-breakpoint
ALTER TABLE "online_payment_intents" ADD CONSTRAINT "online_payment_intents_one_subject" CHECK ((invoice_id IS NULL) <> (estimate_id IS NULL));