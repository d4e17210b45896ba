ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_business_id_unique" UNIQUE("tenant_id","business_id","id");--> statement-breakpoint
CREATE TABLE "attachments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"model" text NOT NULL,
	"document_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "estimate_items" (
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
	"estimate_id" uuid NOT NULL,
	CONSTRAINT "estimate_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "estimate_items_estimate_id_unique" UNIQUE("tenant_id","estimate_id","id")
);
--> statement-breakpoint
CREATE TABLE "estimate_taxes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"tax_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"percent" numeric(7, 4) NOT NULL,
	"compound_tax" boolean DEFAULT false NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"estimate_id" uuid NOT NULL,
	"estimate_item_id" uuid,
	CONSTRAINT "estimate_taxes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_business_id" uuid NOT NULL,
	"sequence_number" integer,
	"customer_sequence_number" integer,
	"currency_id" integer DEFAULT 1 NOT NULL,
	"exchange_rate" numeric(20, 10),
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
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"estimate_number" text NOT NULL,
	"reference_number" text,
	"estimate_date" date NOT NULL,
	"expiry_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"converted_invoice_id" uuid,
	"converted_at" timestamp with time zone,
	CONSTRAINT "estimates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "estimates_business_id_unique" UNIQUE("tenant_id","business_id","id"),
	CONSTRAINT "estimates_business_number_unique" UNIQUE("tenant_id","business_id","estimate_number")
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
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
	"invoice_id" uuid NOT NULL,
	CONSTRAINT "invoice_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invoice_items_invoice_id_unique" UNIQUE("tenant_id","invoice_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_taxes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"tax_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"percent" numeric(7, 4) NOT NULL,
	"compound_tax" boolean DEFAULT false NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"invoice_id" uuid NOT NULL,
	"invoice_item_id" uuid,
	CONSTRAINT "invoice_taxes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_business_id" uuid NOT NULL,
	"sequence_number" integer,
	"customer_sequence_number" integer,
	"currency_id" integer DEFAULT 1 NOT NULL,
	"exchange_rate" numeric(20, 10),
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
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"paid_status" text DEFAULT 'unpaid' NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"due_amount" bigint DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'app' NOT NULL,
	"estimate_id" uuid,
	"recurring_invoice_id" uuid,
	CONSTRAINT "invoices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invoices_business_id_unique" UNIQUE("tenant_id","business_id","id"),
	CONSTRAINT "invoices_business_number_unique" UNIQUE("tenant_id","business_id","invoice_number")
);
--> statement-breakpoint
CREATE TABLE "number_sequences" (
	"tenant_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"model" text NOT NULL,
	"scope_key" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "number_sequences_tenant_id_business_id_model_scope_key_pk" PRIMARY KEY("tenant_id","business_id","model","scope_key")
);
--> statement-breakpoint
CREATE TABLE "public_links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"model" text NOT NULL,
	"document_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "public_links_token_unique" UNIQUE("tenant_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_estimate_fk" FOREIGN KEY ("tenant_id","business_id","estimate_id") REFERENCES "public"."estimates"("tenant_id","business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_item_fk" FOREIGN KEY ("tenant_id","business_id","item_id") REFERENCES "public"."items"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_taxes" ADD CONSTRAINT "estimate_taxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_taxes" ADD CONSTRAINT "estimate_taxes_estimate_fk" FOREIGN KEY ("tenant_id","business_id","estimate_id") REFERENCES "public"."estimates"("tenant_id","business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_taxes" ADD CONSTRAINT "estimate_taxes_item_fk" FOREIGN KEY ("tenant_id","estimate_id","estimate_item_id") REFERENCES "public"."estimate_items"("tenant_id","estimate_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_taxes" ADD CONSTRAINT "estimate_taxes_tax_type_fk" FOREIGN KEY ("tenant_id","business_id","tax_type_id") REFERENCES "public"."tax_types"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_customer_business_fk" FOREIGN KEY ("tenant_id","customer_business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_customer_fk" FOREIGN KEY ("tenant_id","business_id","customer_id") REFERENCES "public"."counterparties"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_converted_invoice_fk" FOREIGN KEY ("tenant_id","business_id","converted_invoice_id") REFERENCES "public"."invoices"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_fk" FOREIGN KEY ("tenant_id","business_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_item_fk" FOREIGN KEY ("tenant_id","business_id","item_id") REFERENCES "public"."items"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_invoice_fk" FOREIGN KEY ("tenant_id","business_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_item_fk" FOREIGN KEY ("tenant_id","invoice_id","invoice_item_id") REFERENCES "public"."invoice_items"("tenant_id","invoice_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_tax_type_fk" FOREIGN KEY ("tenant_id","business_id","tax_type_id") REFERENCES "public"."tax_types"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_business_fk" FOREIGN KEY ("tenant_id","customer_business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_fk" FOREIGN KEY ("tenant_id","business_id","customer_id") REFERENCES "public"."counterparties"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_sequences" ADD CONSTRAINT "number_sequences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_sequences" ADD CONSTRAINT "number_sequences_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_document_idx" ON "attachments" USING btree ("tenant_id","business_id","model","document_id");--> statement-breakpoint
CREATE INDEX "estimate_items_estimate_idx" ON "estimate_items" USING btree ("tenant_id","estimate_id","position");--> statement-breakpoint
CREATE INDEX "estimate_items_item_idx" ON "estimate_items" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE INDEX "estimate_taxes_estimate_idx" ON "estimate_taxes" USING btree ("tenant_id","estimate_id");--> statement-breakpoint
CREATE INDEX "estimate_taxes_tax_type_idx" ON "estimate_taxes" USING btree ("tenant_id","tax_type_id");--> statement-breakpoint
CREATE INDEX "estimates_outgoing_idx" ON "estimates" USING btree ("tenant_id","business_id","estimate_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estimates_outgoing_status_idx" ON "estimates" USING btree ("tenant_id","business_id","status","estimate_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estimates_outgoing_customer_idx" ON "estimates" USING btree ("tenant_id","business_id","customer_id","estimate_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estimates_incoming_idx" ON "estimates" USING btree ("tenant_id","customer_business_id","estimate_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status <> 'draft';--> statement-breakpoint
CREATE INDEX "estimates_expiry_idx" ON "estimates" USING btree ("tenant_id","expiry_date") WHERE status IN ('open', 'sent', 'viewed');--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("tenant_id","invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_items_item_idx" ON "invoice_items" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE INDEX "invoice_taxes_invoice_idx" ON "invoice_taxes" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_taxes_tax_type_idx" ON "invoice_taxes" USING btree ("tenant_id","tax_type_id");--> statement-breakpoint
CREATE INDEX "invoices_outgoing_idx" ON "invoices" USING btree ("tenant_id","business_id","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_outgoing_status_idx" ON "invoices" USING btree ("tenant_id","business_id","status","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_outgoing_paid_idx" ON "invoices" USING btree ("tenant_id","business_id","paid_status","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_outgoing_customer_idx" ON "invoices" USING btree ("tenant_id","business_id","customer_id","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_incoming_idx" ON "invoices" USING btree ("tenant_id","customer_business_id","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status <> 'draft';--> statement-breakpoint
CREATE INDEX "public_links_document_idx" ON "public_links" USING btree ("tenant_id","model","document_id");
