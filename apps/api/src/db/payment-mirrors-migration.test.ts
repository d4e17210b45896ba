import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, createHarness } from '../../test/harness';
import { createCustomer } from '../../test/documents';
import { ownerWithBusiness } from '../../test/team';
import { createPayment, openInvoice, paymentBody } from '../modules/payments/test-payments';
import { counterparties, payments } from './schema';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

// The backfill only: the column it follows already exists in the test database.
const BACKFILL = fs
  .readFileSync(path.join(import.meta.dirname, 'migrations', '0027_payment_mirrors.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .slice(1);

const mirrorsOf = (invoiceId: string) => h.app.db.select().from(payments).where(and(eq(payments.invoiceId, invoiceId), eq(payments.direction, 'made')));

describe('migration 0027_payment_mirrors', () => {
  it('gives the payments received before it their customer business mirror and vendor record, once', async () => {
    const vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Backfill Works');
    const customer = await createCustomer(vendor, 'Backfill Customer');
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const receipt = await createPayment(vendor, paymentBody(customer.id, 4000, { invoice_id: invoice.id, payment_date: '2026-03-04' }));
    const [made] = await mirrorsOf(invoice.id);
    if (!made) throw new Error('No mirror');
    // How the data stood before: no mirror, and no vendor record on the customer's side.
    await h.app.db.delete(payments).where(eq(payments.id, made.id));
    await h.app.db.delete(counterparties).where(eq(counterparties.id, made.counterpartyId));

    for (const statement of BACKFILL) await h.app.db.execute(sql.raw(statement));
    const [mirror] = await mirrorsOf(invoice.id);
    expect(mirror).toMatchObject({
      businessId: made.businessId,
      counterpartyBusinessId: made.counterpartyBusinessId,
      paymentNumber: 'VP-000001',
      sequenceNumber: null,
      paymentDate: '2026-03-04',
      amount: 4000,
      status: 'completed',
      claimStatus: 'confirmed',
      receiptPaymentId: receipt.id,
      recordedByVendor: true,
    });
    const [record] = await h.app.db.select().from(counterparties).where(eq(counterparties.id, mirror?.counterpartyId ?? ''));
    expect(record).toMatchObject({ kind: 'vendor', name: 'Backfill Works', businessId: made.businessId });

    for (const statement of BACKFILL) await h.app.db.execute(sql.raw(statement));
    expect(await mirrorsOf(invoice.id)).toHaveLength(1);
  });
});
