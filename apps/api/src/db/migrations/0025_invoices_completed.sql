-- The rule for 'completed' (packages/domain settledInvoiceStatus; docs/design-notes.md, "Invoice
-- statuses"): invoices fully paid before the rule existed become completed, as new ones do.
-- The invoice_totals trigger (0023) moves their totals with them.
UPDATE invoices SET status = 'completed' WHERE paid_status = 'paid' AND status IN ('open', 'sent', 'viewed', 'approved');
