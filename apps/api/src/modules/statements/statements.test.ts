import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type Statement, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createInvoice, onboardedCustomer } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { fixedClock } from '../../platform/clock';
import { act, createEstimate } from '../estimates/test-estimates';
import { createPayment, openInvoice, paymentBody } from '../payments/test-payments';

const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
let h: Harness;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;
let supplierId: string;

/** Finalized on `date` with one line of `total` minor units. */
async function invoiceOn(date: string, total: number) {
  return openInvoice(vendor, customer.id, total).then(async (invoice) => {
    const dated = await vendor.put(`/api/v1/invoices/${invoice.id}`, { customer_id: customer.id, invoice_date: date, due_date: date, items: [{ name: 'Work', quantity: '1', price: total }] });
    expect(dated.status, JSON.stringify(dated.body)).toBe(200);
    return invoice;
  });
}

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Statement Works');
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, 'Umbrella Buying', 'ap@umbrella.example'));
  const supplier = ((await buyer.get('/api/v1/vendors')).body.data as CounterpartyResource[]).find((entry) => entry.name === 'Statement Works');
  if (!supplier) throw new Error('No vendor record of the supplier');
  supplierId = supplier.id;

  const october = await invoiceOn('2026-10-05', 10000);
  await createPayment(vendor, paymentBody(customer.id, 4000, { invoice_id: october.id, payment_date: '2026-10-10' }));
  const november = await invoiceOn('2026-11-02', 20000);
  await createPayment(vendor, paymentBody(customer.id, 1000, { invoice_id: november.id, payment_date: '2026-11-05' }));
  await act(vendor, (await createEstimate(vendor, customer.id, { estimate_date: '2026-11-03' })).id, 'finalize');
  await createInvoice(vendor, customer.id, { invoice_date: '2026-11-04' });
  // The buyer's claim awaiting the vendor is no money moved yet.
  await createPayment(buyer, { direction: 'made', vendor_id: supplierId, invoice_id: november.id, payment_date: '2026-11-06', amount: 500 });
});
afterAll(async () => {
  await h.close();
});

const statementOf = async (client: TestClient, path: string) => {
  const response = await client.get(path);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Statement;
};
const shape = (statement: Statement) => statement.lines.map((line) => [line.kind, line.date, line.charge, line.payment, line.balance]);

describe('a counterparty statement', () => {
  it('gives a customer\'s opening balance, each document and payment with the running balance, and the closing balance', async () => {
    const statement = await statementOf(vendor, `/api/v1/customers/${customer.id}/statement?from=2026-11-01&to=2026-11-30`);
    expect(statement).toMatchObject({ counterparty: { id: customer.id, name: 'Umbrella Buying', kind: 'customer' }, from: '2026-11-01', to: '2026-11-30', opening_balance: 6000, charges: 20000, payments: 1000, closing_balance: 25000 });
    expect(shape(statement)).toEqual([
      ['invoice', '2026-11-02', 20000, 0, 26000],
      ['estimate', '2026-11-03', 0, 0, 26000],
      ['payment', '2026-11-05', 0, 1000, 25000],
    ]);
    expect(statement.lines[1]?.amount).toBe(35000);
    // By default the calendar year to date: everything, from nothing owed.
    const year = await statementOf(vendor, `/api/v1/customers/${customer.id}/statement`);
    expect(year).toMatchObject({ from: '2026-01-01', to: '2026-11-20', opening_balance: 0, charges: 30000, payments: 5000, closing_balance: 25000 });
  });

  it('adds up the same on the customer business\'s side, from its vendor record', async () => {
    const statement = await statementOf(buyer, `/api/v1/vendors/${supplierId}/statement?from=2026-11-01&to=2026-11-30`);
    expect(statement).toMatchObject({ counterparty: { kind: 'vendor' }, opening_balance: 6000, charges: 20000, payments: 1000, closing_balance: 25000 });
    expect(shape(statement)).toEqual([
      ['invoice', '2026-11-02', 20000, 0, 26000],
      ['estimate', '2026-11-03', 0, 0, 26000],
      ['payment', '2026-11-05', 0, 1000, 25000],
    ]);
  });

  it('refuses a period that ends before it starts', async () => {
    const refused = await vendor.get(`/api/v1/customers/${customer.id}/statement?from=2026-11-30&to=2026-11-01`);
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).to?.[0]).toBe(messages.endBeforeStartDate);
  });

  it('answers only the business the counterparty belongs to, as the right kind, with every ability it shows', async () => {
    const sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Statement Sibling');
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Statement Foreign', OTHER_HOST);
    expect((await sibling.get(`/api/v1/customers/${customer.id}/statement`)).status).toBe(404);
    expect((await foreign.get(`/api/v1/customers/${customer.id}/statement`)).status).toBe(404);
    expect((await vendor.get(`/api/v1/vendors/${customer.id}/statement`)).status).toBe(404);
    const role = await vendor.post('/api/v1/roles', { name: 'Directory keeper', abilities: ['view-customer', 'view-invoice'] });
    expect(role.status).toBe(201);
    const keeper = await inviteAndAccept(h, vendor, 'keeper@statement.example', 'Directory keeper');
    expect((await keeper.get(`/api/v1/customers/${customer.id}`)).status).toBe(200);
    expect((await keeper.get(`/api/v1/customers/${customer.id}/statement`)).status).toBe(403);
    const viewer = await inviteAndAccept(h, vendor, 'viewer@statement.example', 'viewer');
    expect((await viewer.get(`/api/v1/customers/${customer.id}/statement`)).status).toBe(200);
  });
});
