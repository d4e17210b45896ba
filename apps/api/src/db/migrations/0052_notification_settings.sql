CREATE TABLE "notification_settings" (
	"tenant_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"event" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_tenant_id_business_id_event_pk" PRIMARY KEY("tenant_id","business_id","event")
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON notification_settings TO app_user;--> statement-breakpoint
SELECT enable_tenant_isolation('notification_settings');
