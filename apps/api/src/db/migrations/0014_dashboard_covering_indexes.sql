-- The dashboard sums a financial year of invoices and payments per business; these let it read the
-- index alone instead of the table rows (measured 3-4x faster at 100,000 invoices). Not in the
-- drizzle schema because drizzle cannot express INCLUDE.
CREATE INDEX invoices_dashboard_idx ON invoices (tenant_id, business_id, invoice_date) INCLUDE (currency_id, status, exchange_rate, total, due_amount);
--> statement-breakpoint
CREATE INDEX payments_dashboard_idx ON payments (tenant_id, business_id, payment_date) INCLUDE (direction, currency_id, exchange_rate, amount, status);
