import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, createHarness } from '../../test/harness';
import { createCustomer } from '../../test/documents';
import { ownerWithBusiness } from '../../test/team';
import { createPayment, invoiceOf, openInvoice, paymentBody } from '../modules/payments/test-payments';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const MIGRATION = fs.readFileSync(path.join(import.meta.dirname, 'migrations', '0025_invoices_completed.sql'), 'utf8');

describe('migration 0025_invoices_completed', () => {
  it('completes the invoices fully paid before the rule, and leaves the others', async () => {
    const vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Migration Works');
    const customer = await createCustomer(vendor, 'Migration Customer');
    const paid = await openInvoice(vendor, customer.id, 10000);
    await createPayment(vendor, paymentBody(customer.id, 10000, { invoice_id: paid.id }));
    const partial = await openInvoice(vendor, customer.id, 10000);
    await createPayment(vendor, paymentBody(customer.id, 4000, { invoice_id: partial.id }));
    // How a fully paid invoice was stored before the rule: still in its workflow status.
    await h.app.db.execute(sql`update invoices set status = 'sent' where id = ${paid.id}`);
    expect(await invoiceOf(vendor, paid.id)).toMatchObject({ status: 'sent', paid_status: 'paid' });

    await h.app.db.execute(sql.raw(MIGRATION));
    expect(await invoiceOf(vendor, paid.id)).toMatchObject({ status: 'completed', paid_status: 'paid' });
    expect(await invoiceOf(vendor, partial.id)).toMatchObject({ status: 'open', paid_status: 'partially_paid' });
  });
});
