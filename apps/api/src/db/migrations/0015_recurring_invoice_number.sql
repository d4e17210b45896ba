ALTER TABLE "recurring_invoices" ADD COLUMN "number" text;--> statement-breakpoint
-- Existing schedules are numbered in the order they were made, and each business's sequence
-- continues after them.
UPDATE "recurring_invoices" AS r SET "number" = 'RI-' || lpad(numbered.position::text, 6, '0')
FROM (
  SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, business_id ORDER BY created_at, id) AS position FROM "recurring_invoices"
) AS numbered
WHERE r.tenant_id = numbered.tenant_id AND r.id = numbered.id;--> statement-breakpoint
INSERT INTO "number_sequences" (tenant_id, business_id, model, scope_key, last_value)
SELECT tenant_id, business_id, 'recurring_invoice', 'all', count(*) FROM "recurring_invoices" GROUP BY tenant_id, business_id;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_business_number_unique" UNIQUE("tenant_id","business_id","number");
