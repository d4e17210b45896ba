ALTER TABLE "payments" ADD COLUMN "claim_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "claim_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "claim_decided_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "claim_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_payment_id" uuid;--> statement-breakpoint
-- Payments made against a vendor's invoice used to settle that invoice at once: they already
-- count in its amount paid and in the payer's payments made. They stay as they are, as claims
-- the vendor confirmed when they were recorded, without a payment received of the vendor's
-- (their amount is in the invoice directly, and the vendor's receipts never counted them).
-- Only columns the dashboard triggers do not watch change, so no figure moves.
UPDATE "payments" SET "claim_status" = 'confirmed', "claimed_at" = "created_at", "claim_decided_at" = "created_at"
WHERE "direction" = 'made' AND "invoice_id" IS NOT NULL AND "status" = 'completed' AND "claim_status" IS NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_fk" FOREIGN KEY ("tenant_id","receipt_payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_claim_state" CHECK (claim_status IS NULL OR (direction = 'made' AND invoice_id IS NOT NULL AND claimed_at IS NOT NULL AND status = CASE claim_status WHEN 'claimed' THEN 'pending' WHEN 'confirmed' THEN 'completed' ELSE 'failed' END));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_confirms" CHECK (receipt_payment_id IS NULL OR claim_status = 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_unique" ON "payments" USING btree ("tenant_id","receipt_payment_id") WHERE receipt_payment_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_claims_idx" ON "payments" USING btree ("tenant_id","counterparty_business_id","claim_status") WHERE claim_status IS NOT NULL;
