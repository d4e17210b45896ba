CREATE TABLE "business_mail_settings" (
	"tenant_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text,
	"password" text,
	"encryption" text DEFAULT 'starttls' NOT NULL,
	"from_name" text NOT NULL,
	"from_address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_mail_settings_tenant_id_business_id_pk" PRIMARY KEY("tenant_id","business_id")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "business_mail_settings" ADD CONSTRAINT "business_mail_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_mail_settings" ADD CONSTRAINT "business_mail_settings_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON business_mail_settings TO app_user;--> statement-breakpoint
SELECT enable_tenant_isolation('business_mail_settings');
