GRANT SELECT, INSERT, UPDATE, DELETE ON invoices, invoice_items, invoice_taxes, estimates, estimate_items, estimate_taxes, number_sequences, attachments, public_links TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['invoices', 'invoice_items', 'invoice_taxes', 'estimates', 'estimate_items', 'estimate_taxes', 'number_sequences', 'attachments', 'public_links']) AS t;
