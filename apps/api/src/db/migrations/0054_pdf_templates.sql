CREATE TABLE "pdf_template_defaults" (
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"template_id" text NOT NULL,
	CONSTRAINT "pdf_template_defaults_tenant_id_kind_pk" PRIMARY KEY("tenant_id","kind")
);
--> statement-breakpoint
CREATE TABLE "pdf_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"layout" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pdf_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "pdf_template_defaults" ADD CONSTRAINT "pdf_template_defaults_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_templates" ADD CONSTRAINT "pdf_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pdf_templates_name_unique" ON "pdf_templates" USING btree ("tenant_id","kind",lower("name"));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON pdf_templates TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON pdf_template_defaults TO app_user;--> statement-breakpoint
SELECT enable_tenant_isolation('pdf_templates');--> statement-breakpoint
SELECT enable_tenant_isolation('pdf_template_defaults');
