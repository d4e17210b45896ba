CREATE TABLE "plans" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" bigint NOT NULL,
	"currency_id" integer NOT NULL,
	"interval" text NOT NULL,
	"features" jsonb NOT NULL,
	"max_team_users" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "plans_price_not_negative" CHECK ("plans"."price" >= 0),
	CONSTRAINT "plans_max_team_users_positive" CHECK ("plans"."max_team_users" IS NULL OR "plans"."max_team_users" > 0)
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "billing_contact_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "billing_contact_email" text;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_tenant_name_unique" ON "plans" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_default_idx" ON "plans" USING btree ("tenant_id") WHERE is_default;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_plan_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."plans"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_plan_idx" ON "businesses" USING btree ("tenant_id","plan_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON plans TO app_user;--> statement-breakpoint
SELECT enable_tenant_isolation('plans');
