CREATE TABLE "api_client_tokens" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"api_client_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_client_tokens_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "api_clients" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"business_id" uuid,
	"abilities" jsonb NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_clients_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "api_logs" ADD COLUMN "api_client_name" text;--> statement-breakpoint
ALTER TABLE "api_client_tokens" ADD CONSTRAINT "api_client_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_client_tokens" ADD CONSTRAINT "api_client_tokens_client_fk" FOREIGN KEY ("tenant_id","api_client_id") REFERENCES "public"."api_clients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_client_tokens_hash_unique" ON "api_client_tokens" USING btree ("tenant_id","token_hash");--> statement-breakpoint
CREATE INDEX "api_client_tokens_expiry_idx" ON "api_client_tokens" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_clients_client_id_unique" ON "api_clients" USING btree ("tenant_id","client_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON api_clients TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON api_client_tokens TO app_user;--> statement-breakpoint
SELECT enable_tenant_isolation('api_clients');--> statement-breakpoint
SELECT enable_tenant_isolation('api_client_tokens');
