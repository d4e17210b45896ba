-- A business's invoice counts per direction are read from invoice_totals (0023), whose rows are
-- only ever inserted; the single counter row per business and direction queued every create.
DROP TRIGGER invoices_track_counts ON invoices;
--> statement-breakpoint
DROP FUNCTION track_invoice_counts();
--> statement-breakpoint
DROP FUNCTION bump_invoice_count(uuid, uuid, text, integer);
--> statement-breakpoint
DROP TABLE "invoice_counts" CASCADE;
