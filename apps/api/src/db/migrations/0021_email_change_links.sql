-- An account's address changes only through a link mailed to the new address: the link is a
-- one-time token of purpose 'email-change' that carries the address it confirms. one_time_tokens
-- already has row-level security and app_user's grants (0001).
ALTER TABLE "one_time_tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_email_change_address" CHECK ((purpose = 'email-change') = (email IS NOT NULL));--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_purpose_idx" ON "one_time_tokens" USING btree ("tenant_id","user_id","purpose");
