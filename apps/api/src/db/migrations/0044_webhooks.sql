CREATE TABLE "webhook_attempts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"url" text NOT NULL,
	"request_headers" jsonb NOT NULL,
	"response_status" integer,
	"response_body" text,
	"response_truncated" boolean DEFAULT false NOT NULL,
	"error" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_attempts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"replay_requested" boolean DEFAULT false NOT NULL,
	"last_response_status" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_deliveries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "webhook_deliveries_attempts" CHECK (attempts >= 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid,
	"url" text NOT NULL,
	"description" text,
	"events" text[] NOT NULL,
	"api_version" text NOT NULL,
	"status" text NOT NULL,
	"disabled_reason" text,
	"secret_sealed" text NOT NULL,
	"previous_secret_sealed" text,
	"previous_secret_expires_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_endpoints_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid,
	"type" text NOT NULL,
	"api_version" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"fanned_out_at" timestamp with time zone,
	CONSTRAINT "webhook_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_fk" FOREIGN KEY ("tenant_id","delivery_id") REFERENCES "public"."webhook_deliveries"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_fk" FOREIGN KEY ("tenant_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_fk" FOREIGN KEY ("tenant_id","event_id") REFERENCES "public"."webhook_events"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_creator_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("tenant_id","endpoint_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint_unique" ON "webhook_deliveries" USING btree ("tenant_id","event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending' OR replay_requested;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_scope_idx" ON "webhook_endpoints" USING btree ("tenant_id","business_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_events_waiting_idx" ON "webhook_events" USING btree ("created_at") WHERE fanned_out_at IS NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_enums" CHECK (status IN ('enabled', 'disabled'));--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_enums" CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_enums" CHECK (status IN ('succeeded', 'failed') AND trigger IN ('scheduled', 'replay'));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON webhook_events TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_endpoints TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_deliveries TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON webhook_attempts TO app_user;--> statement-breakpoint
SELECT enable_tenant_isolation('webhook_events');--> statement-breakpoint
SELECT enable_tenant_isolation('webhook_endpoints');--> statement-breakpoint
SELECT enable_tenant_isolation('webhook_deliveries');--> statement-breakpoint
SELECT enable_tenant_isolation('webhook_attempts');
