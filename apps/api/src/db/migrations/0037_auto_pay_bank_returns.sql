ALTER TABLE "auto_pay_attempts" ADD COLUMN "saved_method_id" uuid;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD COLUMN "debit_returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD COLUMN "debit_return_reason" text;--> statement-breakpoint
CREATE INDEX "auto_pay_attempts_intent_idx" ON "auto_pay_attempts" USING btree ("tenant_id","provider_intent_id");