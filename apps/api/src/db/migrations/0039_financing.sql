CREATE TABLE "financing_offers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"product" text NOT NULL,
	"lender" text NOT NULL,
	"provider_offer_id" text,
	"currency" text NOT NULL,
	"invoice_amount" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"fee_bps_per_30_days" integer NOT NULL,
	"fee_periods" integer NOT NULL,
	"term_days" integer NOT NULL,
	"terms_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_offers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "financing_offers_amounts" CHECK (principal > 0 AND fee >= 0 AND principal + fee <= invoice_amount AND fee_periods > 0 AND term_days > 0)
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"counterparty_business_id" uuid,
	"invoice_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"product" text NOT NULL,
	"lender" text NOT NULL,
	"provider_loan_id" text,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"principal" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"due_date" date NOT NULL,
	"repayment_method_id" uuid,
	"idempotency_key" text,
	"funded_at" timestamp with time zone,
	"repaid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "loans_amounts" CHECK (principal > 0 AND fee >= 0)
);
--> statement-breakpoint
ALTER TABLE "financing_offers" ADD CONSTRAINT "financing_offers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_offers" ADD CONSTRAINT "financing_offers_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_offers" ADD CONSTRAINT "financing_offers_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_offer_fk" FOREIGN KEY ("tenant_id","offer_id") REFERENCES "public"."financing_offers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "financing_offers_provider_offer_unique" ON "financing_offers" USING btree ("tenant_id","provider_offer_id") WHERE provider_offer_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "financing_offers_invoice_idx" ON "financing_offers" USING btree ("tenant_id","invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_offer_unique" ON "loans" USING btree ("tenant_id","offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_live_invoice_unique" ON "loans" USING btree ("tenant_id","invoice_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "loans_provider_loan_unique" ON "loans" USING btree ("tenant_id","provider_loan_id") WHERE provider_loan_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "loans_business_idx" ON "loans" USING btree ("tenant_id","business_id","created_at");--> statement-breakpoint
CREATE INDEX "loans_due_idx" ON "loans" USING btree ("tenant_id","status","due_date");--> statement-breakpoint
ALTER TABLE "financing_offers" ADD CONSTRAINT "financing_offers_enums" CHECK (product IN ('factoring', 'bnpl') AND lender IN ('platform', 'provider') AND status IN ('open', 'accepted', 'expired'));--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_enums" CHECK (product IN ('factoring', 'bnpl') AND lender IN ('platform', 'provider') AND status IN ('pending_funding', 'funded', 'late', 'repaid', 'defaulted', 'cancelled'));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON financing_offers, loans TO app_user;--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['financing_offers', 'loans']) AS t;
