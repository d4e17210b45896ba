GRANT SELECT, INSERT, UPDATE, DELETE ON payments, idempotency_keys, exchange_rates, recurring_invoices, recurring_invoice_items, recurring_invoice_taxes, recurring_runs, payment_reminders, reminder_deliveries TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['payments', 'idempotency_keys', 'exchange_rates', 'recurring_invoices', 'recurring_invoice_items', 'recurring_invoice_taxes', 'recurring_runs', 'payment_reminders', 'reminder_deliveries']) AS t;
