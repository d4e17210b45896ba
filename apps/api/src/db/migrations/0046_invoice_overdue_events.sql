ALTER TABLE "invoices" ADD COLUMN "overdue_event_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoices_overdue_untold_idx" ON "invoices" USING btree ("due_date","tenant_id") WHERE overdue_event_at IS NULL AND status NOT IN ('draft', 'void', 'completed') AND paid_status <> 'paid';--> statement-breakpoint
-- Invoices already past due when events began are not announced as newly overdue.
UPDATE "invoices" SET "overdue_event_at" = now() WHERE due_date < current_date AND status NOT IN ('draft', 'void', 'completed') AND paid_status <> 'paid';
