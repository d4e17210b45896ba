CREATE TABLE "auto_pay_attempts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"recurring_invoice_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"counterparty_id" uuid NOT NULL,
	"customer_business_id" uuid,
	"try" integer NOT NULL,
	"status" text NOT NULL,
	"amount" bigint,
	"provider_intent_id" text,
	"message" text,
	"next_try_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_pay_attempts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"counterparty_id" uuid,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_method_links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"business_id" uuid NOT NULL,
	"counterparty_id" uuid NOT NULL,
	"vendor_name" text NOT NULL,
	"customer_name" text NOT NULL,
	"provider_setup_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_method_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "saved_payment_methods" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"payment_customer_id" uuid NOT NULL,
	"provider_method_id" text NOT NULL,
	"type" text NOT NULL,
	"label" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_payment_methods_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "auto_pay_attempts" ADD CONSTRAINT "auto_pay_attempts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_pay_attempts" ADD CONSTRAINT "auto_pay_attempts_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_pay_attempts" ADD CONSTRAINT "auto_pay_attempts_recurring_fk" FOREIGN KEY ("tenant_id","recurring_invoice_id") REFERENCES "public"."recurring_invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_counterparty_fk" FOREIGN KEY ("tenant_id","counterparty_id") REFERENCES "public"."counterparties"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_links" ADD CONSTRAINT "payment_method_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_links" ADD CONSTRAINT "payment_method_links_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_links" ADD CONSTRAINT "payment_method_links_counterparty_fk" FOREIGN KEY ("tenant_id","counterparty_id") REFERENCES "public"."counterparties"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_customer_fk" FOREIGN KEY ("tenant_id","payment_customer_id") REFERENCES "public"."payment_customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_pay_attempts_try_unique" ON "auto_pay_attempts" USING btree ("tenant_id","invoice_id","try");--> statement-breakpoint
CREATE INDEX "auto_pay_attempts_due_idx" ON "auto_pay_attempts" USING btree ("next_try_at") WHERE status IN ('pending', 'confirming');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_business_unique" ON "payment_customers" USING btree ("tenant_id","business_id") WHERE counterparty_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_counterparty_unique" ON "payment_customers" USING btree ("tenant_id","counterparty_id") WHERE counterparty_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_provider_unique" ON "payment_customers" USING btree ("tenant_id","provider_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_method_links_token_unique" ON "payment_method_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_provider_unique" ON "saved_payment_methods" USING btree ("tenant_id","provider_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_default_unique" ON "saved_payment_methods" USING btree ("tenant_id","payment_customer_id") WHERE is_default;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payment_customers, saved_payment_methods, payment_method_links, auto_pay_attempts TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['payment_customers', 'saved_payment_methods', 'payment_method_links', 'auto_pay_attempts']) AS t;
