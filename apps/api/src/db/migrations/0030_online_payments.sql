CREATE TABLE "online_payment_intents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"provider_intent_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"destination_account_id" text NOT NULL,
	"application_fee" bigint NOT NULL,
	"status" text NOT NULL,
	"last_error" text,
	"origin" text NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_payment_intents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "platform_fee_percent" numeric(7, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "platform_fee_fixed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "online_method" text;--> statement-breakpoint
ALTER TABLE "online_payment_intents" ADD CONSTRAINT "online_payment_intents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_intents" ADD CONSTRAINT "online_payment_intents_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_intents" ADD CONSTRAINT "online_payment_intents_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "online_payment_intents_provider_unique" ON "online_payment_intents" USING btree ("tenant_id","provider_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_payment_intents_attempt_unique" ON "online_payment_intents" USING btree ("tenant_id","invoice_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "online_payment_intents_open_unique" ON "online_payment_intents" USING btree ("tenant_id","invoice_id") WHERE status NOT IN ('succeeded', 'canceled');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_unique" ON "payments" USING btree ("tenant_id","provider_payment_id") WHERE provider_payment_id IS NOT NULL;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON online_payment_intents TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation('online_payment_intents');
