CREATE TABLE "provider_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"type" text NOT NULL,
	"account" text,
	"created_at" timestamp with time zone NOT NULL,
	"livemode" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"status" text DEFAULT 'received' NOT NULL,
	CONSTRAINT "provider_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "provider_events_provider_event_unique" UNIQUE("tenant_id","provider","provider_event_id")
);
--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_events_received_idx" ON "provider_events" USING btree ("tenant_id","received_at","id");--> statement-breakpoint
CREATE INDEX "provider_events_type_idx" ON "provider_events" USING btree ("tenant_id","type","received_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON provider_events TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation('provider_events');
