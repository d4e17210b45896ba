CREATE TABLE "loan_repayments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"try" integer NOT NULL,
	"amount" bigint NOT NULL,
	"provider_intent_id" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_repayments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "loan_repayments_amount" CHECK (amount > 0 AND try > 0)
);
--> statement-breakpoint
ALTER TABLE "financing_offers" DROP CONSTRAINT "financing_offers_amounts";--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "provider_transfer_id" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "reminded_before_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "reminded_overdue_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_fk" FOREIGN KEY ("tenant_id","loan_id") REFERENCES "public"."loans"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_repayments_try_unique" ON "loan_repayments" USING btree ("tenant_id","loan_id","try");--> statement-breakpoint
CREATE INDEX "loan_repayments_check_idx" ON "loan_repayments" USING btree ("check_at") WHERE status IN ('confirming', 'processing');--> statement-breakpoint
ALTER TABLE "financing_offers" ADD CONSTRAINT "financing_offers_amounts" CHECK (principal > 0 AND fee >= 0 AND fee_periods > 0 AND term_days > 0 AND (principal + fee <= invoice_amount OR (product = 'bnpl' AND principal <= invoice_amount)));--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_enums" CHECK (status IN ('confirming', 'processing', 'succeeded', 'failed'));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON loan_repayments TO app_user;--> statement-breakpoint
SELECT enable_tenant_isolation('loan_repayments');
