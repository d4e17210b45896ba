CREATE TABLE "invoice_counts" (
	"tenant_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counts_tenant_id_business_id_direction_pk" PRIMARY KEY("tenant_id","business_id","direction")
);
--> statement-breakpoint
ALTER TABLE "invoice_counts" ADD CONSTRAINT "invoice_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;