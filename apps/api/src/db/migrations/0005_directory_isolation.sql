GRANT SELECT, INSERT, UPDATE, DELETE ON counterparties, item_units, tax_types, items, item_taxes, notes, payment_modes TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['counterparties', 'item_units', 'tax_types', 'items', 'item_taxes', 'notes', 'payment_modes']) AS t;
