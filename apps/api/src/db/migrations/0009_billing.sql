CREATE TABLE "exchange_rates" (
	"tenant_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_tenant_id_business_id_currency_id_pk" PRIMARY KEY("tenant_id","business_id","currency_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_id_business_id_key_pk" PRIMARY KEY("tenant_id","business_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_reminders" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"type" text NOT NULL,
	"days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reminders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "payment_reminders_rule_unique" UNIQUE("tenant_id","business_id","type","days")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"counterparty_id" uuid NOT NULL,
	"counterparty_business_id" uuid NOT NULL,
	"invoice_id" uuid,
	"payment_number" text NOT NULL,
	"sequence_number" integer,
	"payment_date" date NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency_id" integer DEFAULT 1 NOT NULL,
	"exchange_rate" numeric(20, 10),
	"payment_mode_id" uuid,
	"notes" text,
	"status" text DEFAULT 'completed' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "payments_business_number_unique" UNIQUE("tenant_id","business_id","payment_number")
);
--> statement-breakpoint
CREATE TABLE "recurring_invoice_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"unit_name" text,
	"quantity" numeric(20, 4) NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"discount_type" text DEFAULT 'fixed' NOT NULL,
	"discount" numeric(24, 4) DEFAULT '0' NOT NULL,
	"discount_val" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"document_discount_share" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"recurring_invoice_id" uuid NOT NULL,
	CONSTRAINT "recurring_invoice_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "recurring_invoice_items_parent_id_unique" UNIQUE("tenant_id","recurring_invoice_id","id")
);
--> statement-breakpoint
CREATE TABLE "recurring_invoice_taxes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"tax_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"percent" numeric(7, 4) NOT NULL,
	"compound_tax" boolean DEFAULT false NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"recurring_invoice_id" uuid NOT NULL,
	"recurring_invoice_item_id" uuid,
	CONSTRAINT "recurring_invoice_taxes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "recurring_invoices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_business_id" uuid NOT NULL,
	"reference_number" text,
	"currency_id" integer DEFAULT 1 NOT NULL,
	"template_name" text NOT NULL,
	"notes" text,
	"tax_per_item_enabled" boolean DEFAULT false NOT NULL,
	"discount_per_item_enabled" boolean DEFAULT false NOT NULL,
	"discount_type" text DEFAULT 'fixed' NOT NULL,
	"discount" numeric(24, 4) DEFAULT '0' NOT NULL,
	"discount_val" bigint DEFAULT 0 NOT NULL,
	"sub_total" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"frequency" text DEFAULT 'weekly' NOT NULL,
	"schedule" text NOT NULL,
	"time_zone" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"limit_count" integer,
	"generated_count" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"due_in_days" integer,
	"send_automatically" boolean DEFAULT true NOT NULL,
	"auto_pay_enabled" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_invoices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "recurring_invoices_business_id_unique" UNIQUE("tenant_id","business_id","id")
);
--> statement-breakpoint
CREATE TABLE "recurring_runs" (
	"tenant_id" uuid NOT NULL,
	"recurring_invoice_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_runs_tenant_id_recurring_invoice_id_period_key_pk" PRIMARY KEY("tenant_id","recurring_invoice_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "reminder_deliveries" (
	"tenant_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"reminder_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"sent_to" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_deliveries_tenant_id_invoice_id_reminder_id_pk" PRIMARY KEY("tenant_id","invoice_id","reminder_id")
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_counterparty_fk" FOREIGN KEY ("tenant_id","business_id","counterparty_id") REFERENCES "public"."counterparties"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_mode_fk" FOREIGN KEY ("tenant_id","business_id","payment_mode_id") REFERENCES "public"."payment_modes"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_items" ADD CONSTRAINT "recurring_invoice_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_items" ADD CONSTRAINT "recurring_invoice_items_parent_fk" FOREIGN KEY ("tenant_id","business_id","recurring_invoice_id") REFERENCES "public"."recurring_invoices"("tenant_id","business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_items" ADD CONSTRAINT "recurring_invoice_items_item_fk" FOREIGN KEY ("tenant_id","business_id","item_id") REFERENCES "public"."items"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_taxes" ADD CONSTRAINT "recurring_invoice_taxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_taxes" ADD CONSTRAINT "recurring_invoice_taxes_parent_fk" FOREIGN KEY ("tenant_id","business_id","recurring_invoice_id") REFERENCES "public"."recurring_invoices"("tenant_id","business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_taxes" ADD CONSTRAINT "recurring_invoice_taxes_item_fk" FOREIGN KEY ("tenant_id","recurring_invoice_id","recurring_invoice_item_id") REFERENCES "public"."recurring_invoice_items"("tenant_id","recurring_invoice_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_taxes" ADD CONSTRAINT "recurring_invoice_taxes_tax_type_fk" FOREIGN KEY ("tenant_id","business_id","tax_type_id") REFERENCES "public"."tax_types"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_customer_fk" FOREIGN KEY ("tenant_id","business_id","customer_id") REFERENCES "public"."counterparties"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_reminder_fk" FOREIGN KEY ("tenant_id","reminder_id") REFERENCES "public"."payment_reminders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_list_idx" ON "payments" USING btree ("tenant_id","business_id","direction","payment_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payments_counterparty_idx" ON "payments" USING btree ("tenant_id","business_id","counterparty_id");--> statement-breakpoint
CREATE INDEX "recurring_invoice_items_parent_idx" ON "recurring_invoice_items" USING btree ("tenant_id","recurring_invoice_id","position");--> statement-breakpoint
CREATE INDEX "recurring_invoice_items_item_idx" ON "recurring_invoice_items" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE INDEX "recurring_invoice_taxes_parent_idx" ON "recurring_invoice_taxes" USING btree ("tenant_id","recurring_invoice_id");--> statement-breakpoint
CREATE INDEX "recurring_invoice_taxes_tax_type_idx" ON "recurring_invoice_taxes" USING btree ("tenant_id","tax_type_id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_list_idx" ON "recurring_invoices" USING btree ("tenant_id","business_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recurring_invoices_due_idx" ON "recurring_invoices" USING btree ("next_run_at") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "reminder_deliveries_invoice_idx" ON "reminder_deliveries" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_recurring_idx" ON "invoices" USING btree ("tenant_id","recurring_invoice_id") WHERE recurring_invoice_id IS NOT NULL;