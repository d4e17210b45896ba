ALTER TABLE "payments" ADD COLUMN "recorded_by_vendor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Payments a vendor recorded on an invoice before this migration get their mirror on the customer
-- business's side, as payments recorded from now on do (payment-mirrors.ts): first the customer's
-- vendor record of the vendor where it has none, made from the vendor business as onboarding does.
INSERT INTO "counterparties" (tenant_id, id, business_id, kind, counterparty_business_id, creator_business_id, name, contact_first_name, contact_last_name, email, phone, website, currency_id)
SELECT DISTINCT ON (i.tenant_id, i.customer_business_id, p.business_id)
  i.tenant_id, gen_random_uuid(), i.customer_business_id, 'vendor', p.business_id, p.business_id, b.name, b.contact_first_name, b.contact_last_name, b.email, b.phone, b.website, b.currency_id
FROM "payments" p
JOIN "invoices" i ON i.tenant_id = p.tenant_id AND i.id = p.invoice_id
JOIN "businesses" b ON b.tenant_id = p.tenant_id AND b.id = p.business_id
WHERE p.direction = 'received' AND i.customer_business_id <> p.business_id
  AND NOT EXISTS (SELECT 1 FROM "counterparties" c WHERE c.tenant_id = i.tenant_id AND c.business_id = i.customer_business_id AND c.kind = 'vendor' AND c.counterparty_business_id = p.business_id);--> statement-breakpoint
-- Then the mirrors of payments received that neither confirmed a claim nor have one. They are
-- numbered VP-000001… per customer business, outside its own payment series (no sequence number).
INSERT INTO "payments" (tenant_id, id, business_id, direction, counterparty_id, counterparty_business_id, invoice_id, payment_number, sequence_number, payment_date, amount, currency_id, status, claim_status, claimed_at, claim_decided_at, receipt_payment_id, recorded_by_vendor)
SELECT p.tenant_id, gen_random_uuid(), i.customer_business_id, 'made',
  (SELECT c.id FROM "counterparties" c WHERE c.tenant_id = i.tenant_id AND c.business_id = i.customer_business_id AND c.kind = 'vendor' AND c.counterparty_business_id = p.business_id ORDER BY c.archived_at IS NOT NULL, c.created_at DESC LIMIT 1),
  p.business_id, p.invoice_id,
  'VP-' || lpad((row_number() OVER (PARTITION BY p.tenant_id, i.customer_business_id ORDER BY p.payment_date, p.created_at, p.id))::text, 6, '0'),
  NULL, p.payment_date, p.amount, p.currency_id, 'completed', 'confirmed', p.created_at, p.created_at, p.id, true
FROM "payments" p
JOIN "invoices" i ON i.tenant_id = p.tenant_id AND i.id = p.invoice_id
WHERE p.direction = 'received' AND i.customer_business_id <> p.business_id
  AND NOT EXISTS (SELECT 1 FROM "payments" m WHERE m.tenant_id = p.tenant_id AND m.receipt_payment_id = p.id);
