CREATE TABLE "audit_logs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid,
	"user_id" uuid,
	"model" text NOT NULL,
	"model_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text,
	"password" text,
	"encryption" text DEFAULT 'starttls' NOT NULL,
	"from_name" text NOT NULL,
	"from_address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "landing_url" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "platform_model" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "tenancy_db_name" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "cash_advance_title" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "cash_advance_description" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "payment_provider_key" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "payment_provider_secret" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "payment_provider_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "payment_provider_account_id" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "financing_provider_url" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "financing_provider_secret" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "financing_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "bank_link_client_id" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "bank_link_secret" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "bank_link_environment" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "bank_info" jsonb;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_settings" ADD CONSTRAINT "mail_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_business_time_idx" ON "audit_logs" USING btree ("tenant_id","business_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_time_idx" ON "audit_logs" USING btree ("tenant_id","created_at");