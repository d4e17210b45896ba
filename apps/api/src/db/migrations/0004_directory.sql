CREATE TABLE "counterparties" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"counterparty_business_id" uuid NOT NULL,
	"creator_business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"contact_first_name" text,
	"contact_last_name" text,
	"email" text,
	"phone" text,
	"website" text,
	"currency_id" integer DEFAULT 1 NOT NULL,
	"billing_address" jsonb,
	"shipping_address" jsonb,
	"portal_access" boolean DEFAULT false NOT NULL,
	"admin_onboarded" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counterparties_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "counterparties_business_kind_counterparty_unique" UNIQUE("tenant_id","business_id","kind","counterparty_business_id")
);
--> statement-breakpoint
CREATE TABLE "item_taxes" (
	"tenant_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"tax_type_id" uuid NOT NULL,
	CONSTRAINT "item_taxes_tenant_id_item_id_tax_type_id_pk" PRIMARY KEY("tenant_id","item_id","tax_type_id")
);
--> statement-breakpoint
CREATE TABLE "item_units" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_units_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "item_units_business_id_unique" UNIQUE("tenant_id","business_id","id")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" bigint NOT NULL,
	"unit_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "items_business_id_unique" UNIQUE("tenant_id","business_id","id")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"type" text DEFAULT 'Invoice' NOT NULL,
	"name" text NOT NULL,
	"notes" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_modes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_modes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "payment_modes_business_id_unique" UNIQUE("tenant_id","business_id","id")
);
--> statement-breakpoint
CREATE TABLE "tax_types" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"percent" numeric(7, 4) NOT NULL,
	"compound_tax" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "tax_types_business_id_unique" UNIQUE("tenant_id","business_id","id")
);
--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_counterparty_fk" FOREIGN KEY ("tenant_id","counterparty_business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_creator_fk" FOREIGN KEY ("tenant_id","creator_business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_taxes" ADD CONSTRAINT "item_taxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_taxes" ADD CONSTRAINT "item_taxes_item_fk" FOREIGN KEY ("tenant_id","business_id","item_id") REFERENCES "public"."items"("tenant_id","business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_taxes" ADD CONSTRAINT "item_taxes_tax_fk" FOREIGN KEY ("tenant_id","business_id","tax_type_id") REFERENCES "public"."tax_types"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_units" ADD CONSTRAINT "item_units_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_units" ADD CONSTRAINT "item_units_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_unit_fk" FOREIGN KEY ("tenant_id","business_id","unit_id") REFERENCES "public"."item_units"("tenant_id","business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_modes" ADD CONSTRAINT "payment_modes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_modes" ADD CONSTRAINT "payment_modes_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_types" ADD CONSTRAINT "tax_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_types" ADD CONSTRAINT "tax_types_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counterparties_list_idx" ON "counterparties" USING btree ("tenant_id","business_id","kind","archived_at","name");--> statement-breakpoint
CREATE INDEX "counterparties_counterparty_idx" ON "counterparties" USING btree ("tenant_id","counterparty_business_id","kind");--> statement-breakpoint
CREATE INDEX "item_taxes_tax_idx" ON "item_taxes" USING btree ("tenant_id","tax_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_units_business_name_unique" ON "item_units" USING btree ("tenant_id","business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "items_list_idx" ON "items" USING btree ("tenant_id","business_id","name");--> statement-breakpoint
CREATE INDEX "notes_list_idx" ON "notes" USING btree ("tenant_id","business_id","type","name");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_modes_business_name_unique" ON "payment_modes" USING btree ("tenant_id","business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tax_types_business_name_unique" ON "tax_types" USING btree ("tenant_id","business_id",lower("name"));