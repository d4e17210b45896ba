import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportJobResource, type ImportPreviewResponse, type InvoiceResource, formatMessage, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { auditLogs, webhookEvents } from '../../db/schema';
import { download, postForm } from '../attachments/test-files';

let h: Harness;
let owner: TestClient;
let other: TestClient;
let foreign: TestClient;

const jobOf = (body: Record<string, unknown>) => body.data as ImportJobResource;

async function uploaded(client: TestClient, entity: string, fileName: string, content: string): Promise<ImportJobResource> {
  const response = await postForm(h, client, '/api/v1/business/imports', [
    { field: 'entity', value: entity },
    { field: 'file', fileName, content: Buffer.from(content) },
  ]);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return jobOf(response.body);
}

async function preview(client: TestClient, id: string): Promise<ImportPreviewResponse> {
  const response = await client.get(`/api/v1/business/imports/${id}/preview`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as ImportPreviewResponse;
}

async function runToEnd(client: TestClient, job: ImportJobResource, skipInvalidRows = false): Promise<ImportJobResource> {
  const mapped = await client.put(`/api/v1/business/imports/${job.id}/mapping`, { mapping: job.mapping, skip_invalid_rows: skipInvalidRows });
  expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
  const started = await client.post(`/api/v1/business/imports/${job.id}/run`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await h.jobs.drain();
  return jobOf((await client.get(`/api/v1/business/imports/${job.id}`)).body);
}

async function invoiceNumbered(client: TestClient, number: string): Promise<InvoiceResource | undefined> {
  const list = (await client.get(`/api/v1/invoices?invoice_number=${encodeURIComponent(number)}`)).body.data as { id: string; invoice_number: string }[];
  const found = list.find((row) => row.invoice_number === number);
  return found ? ((await client.get(`/api/v1/invoices/${found.id}`)).body.data as InvoiceResource) : undefined;
}

/** The invoice.created events and 'created' audit entries stored for the invoices with these numbers. */
async function recordedFor(numbers: readonly string[]): Promise<{ events: string[]; audits: string[] }> {
  const events = (await h.app.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'invoice.created')))
    .map((event) => String((event.data as { invoice?: { invoice_number?: string } }).invoice?.invoice_number))
    .filter((number) => numbers.includes(number));
  const audits = (await h.app.db.select().from(auditLogs).where(and(eq(auditLogs.model, 'invoice'), eq(auditLogs.action, 'created'))))
    .map((entry) => String((entry.changes as { invoice_number?: { after?: string } }).invoice_number?.after))
    .filter((number) => numbers.includes(number));
  return { events: events.sort(), audits: audits.sort() };
}

async function created(client: TestClient, path: string, body: Record<string, unknown>): Promise<void> {
  const response = await client.post(path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Ledgerline Studio');
  other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sister Studio');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Studio', OTHER_HOST);
  await created(owner, '/api/v1/customers', { name: 'Alpha Ltd', email: 'ap@alpha.example' });
  await created(owner, '/api/v1/customers', { name: 'Beta GmbH', email: 'billing@beta.example' });
  await created(owner, '/api/v1/tax-types', { name: 'VAT', percent: 20 });
  await created(owner, '/api/v1/tax-types', { name: 'Eco levy', percent: 5 });
  await created(owner, '/api/v1/payments/methods', { name: 'Bank transfer' });
  // The other business of the tenant and a business of another tenant each have a customer and a finalized invoice of their own.
  await created(other, '/api/v1/customers', { name: 'Gamma', email: 'ap@gamma.example' });
  await created(foreign, '/api/v1/customers', { name: 'Foreign Co', email: 'ap@foreign.example' });
  for (const [client, file] of [
    [other, 'Invoice number,Customer email,Invoice date,Price\nG-1,ap@gamma.example,2026-10-01,10\n'],
    [foreign, 'Invoice number,Customer email,Invoice date,Price\nF-1,ap@foreign.example,2026-10-01,10\n'],
  ] as const) {
    expect(await runToEnd(client, await uploaded(client, 'invoices', 'theirs.csv', file))).toMatchObject({ status: 'completed', created_count: 1 });
  }
});
afterAll(async () => {
  await h.close();
});

describe('invoices', () => {
  const file = [
    'Invoice No,Customer Email,Invoice Date,Due Date,Item,Qty,Rate,Tax',
    'IMP-1,ap@alpha.example,2026-10-01,2026-10-31,Design,2,150.00,VAT',
    'IMP-1,,,,Hosting,1,"49,99",',
    'IMP-2,Billing@Beta.example,01.10.2026,,Support,3,10,',
    'IMP-3,ap@foreign.example,2026-10-02,,Thing,1,5,',
    'IMP-4,ap@alpha.example,2026-10-03,,First line,1,5,',
    'IMP-4,ap@alpha.example,2026-10-04,,Second line,1,5,',
    'IMP-5,ap@gamma.example,2026-10-05,,Gadget,1,5,sales tax',
  ].join('\n');

  it('reads a row per line: lines grouped by number, customers by email, taxes by name, priced by the money engine; a whole invoice is left out for one bad row', async () => {
    const job = await uploaded(owner, 'invoices', 'invoices.csv', file);
    expect(job.mapping).toEqual({ invoice_number: 0, customer_email: 1, invoice_date: 2, due_date: 3, item_name: 4, description: null, quantity: 5, price: 6, discount: null, tax_name: 7, currency: null });

    const shown = await preview(owner, job.id);
    expect(shown).toMatchObject({ total_rows: 7, invalid_rows: 3 });
    expect(shown.data.map((row) => row.errors)).toEqual([
      {},
      {},
      {},
      // Another tenant's customer is not one of this business's.
      { customer_email: messages.importCustomerNotFound },
      {},
      { invoice_date: messages.importDiffersFromInvoice },
      // So is another business's of the same tenant, and this business has no such tax.
      { customer_email: messages.importCustomerNotFound, tax_name: messages.importTaxNotFound },
    ]);
    expect(shown.data[2]?.values).toMatchObject({ invoice_date: '2026-10-01', price: '10' });
    expect(shown.data[1]?.values).toMatchObject({ price: '49.99' });

    expect(await runToEnd(owner, job)).toMatchObject({ status: 'failed', failure: formatMessage(messages.importRowsInvalid, { count: '3' }), has_error_report: true });
    expect(await invoiceNumbered(owner, 'IMP-1')).toBeUndefined();
    expect(await recordedFor(['IMP-1', 'IMP-2'])).toEqual({ events: [], audits: [] });

    const done = await runToEnd(owner, job, true);
    expect(done).toMatchObject({ status: 'completed', created_count: 2, skipped_count: 4, can_undo: true });
    const report = (await download(h, owner, `/api/v1/business/imports/${job.id}/error-report`)).content.toString();
    // The message has a comma: the CSV quotes it.
    expect(report).toContain(`6,Invoice number,"${messages.importInvoiceLeftOut}"`);
    expect(report).toContain(`7,Invoice date,${messages.importDiffersFromInvoice}`);

    const first = await invoiceNumbered(owner, 'IMP-1');
    // 2 × 150.00 with 20 % VAT, and 49.99 untaxed.
    expect(first).toMatchObject({ status: 'open', source: 'import', invoice_date: '2026-10-01', due_date: '2026-10-31', sub_total: 34_999, tax: 6_000, total: 40_999, due_amount: 40_999 });
    expect(first?.items.map((line) => [line.name, line.quantity, line.price, line.tax])).toEqual([
      ['Design', '2', 15_000, 6_000],
      ['Hosting', '1', 4_999, 0],
    ]);
    expect(await invoiceNumbered(owner, 'IMP-2')).toMatchObject({ invoice_date: '2026-10-01', total: 3_000 });
    expect(await invoiceNumbered(owner, 'IMP-4')).toBeUndefined();
    // Each imported invoice is audited and told of once; the one left out is neither.
    expect(await recordedFor(['IMP-1', 'IMP-2', 'IMP-4'])).toEqual({ events: ['IMP-1', 'IMP-2'], audits: ['IMP-1', 'IMP-2'] });

    // The numbers are now taken.
    const again = await uploaded(owner, 'invoices', 'again.csv', 'Invoice number,Customer email,Invoice date,Price\nIMP-1,ap@alpha.example,2026-10-01,1\n');
    expect((await preview(owner, again.id)).data[0]?.errors).toEqual({ invoice_number: messages.invoiceNumberTaken });
  });

  it("gathers an invoice's lines wherever they are in the file, and refuses one of them the money engine refuses with the whole invoice", async () => {
    const lines = [
      'Invoice number,Customer email,Invoice date,Item,Quantity,Price,Discount',
      'MIX-1,ap@alpha.example,2026-10-07,First,1,10.00,',
      'MIX-2,billing@beta.example,2026-10-07,Only,1,7.00,',
      'MIX-3,ap@alpha.example,2026-10-07,Plain,1,5.00,',
      'MIX-1,,,Second,2,2.50,',
      'MIX-3,,,Too much off,1,5.00,9.00',
    ].join('\n');
    // MIX-3's second line takes 9.00 off a 5.00 line: only the money engine knows, when the invoice is written.
    const done = await runToEnd(owner, await uploaded(owner, 'invoices', 'interleaved.csv', lines), true);
    expect(done).toMatchObject({ status: 'completed', created_count: 2, skipped_count: 2, has_error_report: true });
    expect(await invoiceNumbered(owner, 'MIX-1')).toMatchObject({ total: 1_500, items: [expect.objectContaining({ name: 'First' }), expect.objectContaining({ name: 'Second', quantity: '2' })] });
    expect(await invoiceNumbered(owner, 'MIX-2')).toMatchObject({ total: 700 });
    expect(await invoiceNumbered(owner, 'MIX-3')).toBeUndefined();
  });

  it("moves the business's series on when an imported number is the one it would give next, and keeps any other number as typed", async () => {
    const next = (await owner.get('/api/v1/next-number?model=invoice')).body as { next_number: string; next_sequence_number: number };
    const lines = ['Invoice number,Customer email,Invoice date,Price', `OWN-${next.next_sequence_number},ap@alpha.example,2026-10-08,3`, `${next.next_number},ap@alpha.example,2026-10-08,4`].join('\n');
    expect(await runToEnd(owner, await uploaded(owner, 'invoices', 'series.csv', lines))).toMatchObject({ status: 'completed', created_count: 2 });
    expect(await invoiceNumbered(owner, next.next_number)).toMatchObject({ total: 400, sequence_number: next.next_sequence_number });
    expect(await invoiceNumbered(owner, `OWN-${next.next_sequence_number}`)).toMatchObject({ total: 300, sequence_number: null });
    expect(((await owner.get('/api/v1/next-number?model=invoice')).body as { next_sequence_number: number }).next_sequence_number).toBe(next.next_sequence_number + 1);
    expect(await recordedFor([next.next_number, `OWN-${next.next_sequence_number}`])).toEqual({ events: [next.next_number, `OWN-${next.next_sequence_number}`].sort(), audits: [next.next_number, `OWN-${next.next_sequence_number}`].sort() });
  });

  it("reads line discounts (an amount or a percentage), several taxes on a line, and refuses a currency that is not the customer's", async () => {
    const lines = [
      'Invoice number,Customer email,Invoice date,Item,Quantity,Price,Discount,Taxes,Currency',
      'DSC-1,ap@alpha.example,2026-10-06,Design,2,100.00,10 %,VAT; Eco levy,usd',
      'DSC-1,,,Hosting,1,50.00,"5,00",,',
      'DSC-2,ap@alpha.example,2026-10-06,Thing,1,10,,,EUR',
      'DSC-3,ap@alpha.example,2026-10-06,Thing,1,10,150%,,',
      'DSC-4,ap@alpha.example,2026-10-06,Thing,1,10,,VAT; Nope,',
    ].join('\n');
    const job = await uploaded(owner, 'invoices', 'discounts.csv', lines);
    expect(job.mapping).toMatchObject({ discount: 6, tax_name: 7, currency: 8 });
    expect((await preview(owner, job.id)).data.map((row) => row.errors)).toEqual([
      {},
      {},
      { currency: formatMessage(messages.importCurrencyNotCustomers, { currency: 'USD' }) },
      { discount: messages.invalidDiscount },
      { tax_name: messages.importTaxNotFound },
    ]);
    expect(await runToEnd(owner, job, true)).toMatchObject({ status: 'completed', created_count: 1, skipped_count: 3 });
    // Design: 2 × 100.00 = 200.00, 10 % off = 180.00, VAT 20 % = 36.00 and Eco levy 5 % = 9.00 on it;
    // Hosting: 50.00 − 5.00 = 45.00 untaxed. Sub-total 225.00, tax 45.00, total 270.00.
    const invoice = await invoiceNumbered(owner, 'DSC-1');
    expect(invoice).toMatchObject({ discount_per_item_enabled: true, tax_per_item_enabled: true, sub_total: 22_500, tax: 4_500, total: 27_000 });
    expect(invoice?.items.map((line) => [line.name, line.discount_type, line.discount, line.discount_val, line.tax, line.taxes.length])).toEqual([
      ['Design', 'percentage', '10', 2_000, 4_500, 2],
      ['Hosting', 'fixed', '500', 500, 0, 0],
    ]);
  });

  it('takes payments received on the business\'s own invoices by number, never past what is due; undo goes back in order', async () => {
    const invoices = await uploaded(owner, 'invoices', 'to-pay.csv', 'Invoice number,Customer email,Invoice date,Price\nPAY-1,ap@alpha.example,2026-10-01,409.99\nPAY-2,billing@beta.example,2026-10-01,30\n');
    expect(await runToEnd(owner, invoices)).toMatchObject({ status: 'completed', created_count: 2 });
    const file = [
      'Invoice,Date,Amount,Method,Reference',
      'PAY-1,2026-10-15,100.00,bank transfer,R-1',
      'PAY-1,20/10/2026,309.99,,R-2',
      'PAY-2,2026-10-16,30.01,,R-3',
      'G-1,2026-10-16,1.00,,R-4',
      'F-1,2026-10-16,1.00,,R-5',
      'PAY-2,2026-10-17,10.00,Cheque,R-1',
    ].join('\n');
    const job = await uploaded(owner, 'payments', 'payments.csv', file);
    expect(job.mapping).toMatchObject({ invoice_number: 0, payment_date: 1, amount: 2, payment_mode: 3, payment_number: 4 });
    const shown = await preview(owner, job.id);
    expect(shown.data.map((row) => row.errors)).toEqual([
      {},
      {},
      { amount: messages.paymentExceedsDue },
      // Another business's invoice and another tenant's are not this business's.
      { invoice_number: messages.importInvoiceNotFound },
      { invoice_number: messages.importInvoiceNotFound },
      { payment_mode: messages.importPaymentModeNotFound, payment_number: messages.importDuplicateInFile },
    ]);
    expect(await runToEnd(owner, job, true)).toMatchObject({ status: 'completed', created_count: 2, skipped_count: 4 });
    expect(await invoiceNumbered(owner, 'PAY-1')).toMatchObject({ paid_status: 'paid', due_amount: 0, amount_paid: 40_999 });
    expect(await invoiceNumbered(owner, 'PAY-2')).toMatchObject({ paid_status: 'unpaid', due_amount: 3_000 });
    expect((await invoiceNumbered(other, 'G-1'))?.amount_paid).toBe(0);

    // The invoices are in use by the payments: their import waits for the payments' undo.
    expect(errorsOf(await owner.post(`/api/v1/business/imports/${invoices.id}/undo`, {})).status).toEqual([messages.importUndoBlocked]);
    // A payment the owner deleted by hand since is simply no longer there to undo.
    const firstPayment = ((await owner.get('/api/v1/payments?tab=received&limit=100')).body.data as { id: string; payment_number: string }[]).find((payment) => payment.payment_number === 'R-1');
    expect((await owner.post('/api/v1/payments/delete', { ids: [firstPayment?.id] })).status).toBe(200);
    expect((await owner.post(`/api/v1/business/imports/${job.id}/undo`, {})).status).toBe(200);
    expect(await invoiceNumbered(owner, 'PAY-1')).toMatchObject({ paid_status: 'unpaid', due_amount: 40_999, amount_paid: 0 });
    expect((await owner.post(`/api/v1/business/imports/${invoices.id}/undo`, {})).status).toBe(200);
    expect(await invoiceNumbered(owner, 'PAY-1')).toBeUndefined();
  });

  it('needs import-data to import invoices or payments', async () => {
    const accountant = await inviteAndAccept(h, owner, 'acct@ledgerline.example.com', 'accountant');
    const refused = await postForm(h, accountant, '/api/v1/business/imports', [
      { field: 'entity', value: 'payments' },
      { field: 'file', fileName: 'p.csv', content: Buffer.from('Invoice,Date,Amount\nIMP-1,2026-10-15,1\n') },
    ]);
    expect(refused.status).toBe(403);
  });
});
