CREATE TABLE "export_runs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"created_by" uuid,
	"export_type" text NOT NULL,
	"format" text NOT NULL,
	"template_name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"filters" jsonb NOT NULL,
	"status" text NOT NULL,
	"total_rows" integer,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"storage_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "export_runs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "export_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"export_type" text NOT NULL,
	"fields" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "export_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "export_runs" ADD CONSTRAINT "export_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_runs" ADD CONSTRAINT "export_runs_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_runs" ADD CONSTRAINT "export_runs_creator_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_templates" ADD CONSTRAINT "export_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_templates" ADD CONSTRAINT "export_templates_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_runs_business_idx" ON "export_runs" USING btree ("tenant_id","business_id","created_at");--> statement-breakpoint
CREATE INDEX "export_templates_business_idx" ON "export_templates" USING btree ("tenant_id","business_id","export_type");--> statement-breakpoint
CREATE UNIQUE INDEX "export_templates_one_default_idx" ON "export_templates" USING btree ("tenant_id","business_id","export_type") WHERE is_default;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON export_templates TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON export_runs TO app_user;--> statement-breakpoint
SELECT enable_tenant_isolation('export_templates');--> statement-breakpoint
SELECT enable_tenant_isolation('export_runs');
