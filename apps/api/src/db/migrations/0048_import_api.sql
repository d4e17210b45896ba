CREATE TABLE "import_jobs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"file_name" text NOT NULL,
	"file_kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"status" text NOT NULL,
	"columns" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"skip_invalid_rows" boolean DEFAULT false NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"error_report_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "import_mapping_presets" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"entity" text NOT NULL,
	"headers" text[] NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mapping_presets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "import_records" (
	"tenant_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	CONSTRAINT "import_records_tenant_id_import_id_record_id_pk" PRIMARY KEY("tenant_id","import_id","record_id")
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mapping_presets" ADD CONSTRAINT "import_mapping_presets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mapping_presets" ADD CONSTRAINT "import_mapping_presets_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_import_fk" FOREIGN KEY ("tenant_id","import_id") REFERENCES "public"."import_jobs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_business_idx" ON "import_jobs" USING btree ("tenant_id","business_id","created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_unfinished_idx" ON "import_jobs" USING btree ("status") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "import_mapping_presets_business_idx" ON "import_mapping_presets" USING btree ("tenant_id","business_id","entity");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON import_jobs TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON import_records TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON import_mapping_presets TO app_user;--> statement-breakpoint
SELECT enable_tenant_isolation('import_jobs');--> statement-breakpoint
SELECT enable_tenant_isolation('import_records');--> statement-breakpoint
SELECT enable_tenant_isolation('import_mapping_presets');
