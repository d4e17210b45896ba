import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type PaymentClaim, currencyByCode, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, onboardedCustomer } from '../../../test/documents';
import { ownerWithBusiness } from '../../../test/team';
import { fixedClock } from '../../platform/clock';
import { createPayment, invoiceOf, openInvoice, paymentBody } from './test-payments';

const KWD = currencyByCode('KWD')?.id ?? 0;
const JPY = currencyByCode('JPY')?.id ?? 0;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
let h: Harness;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;
let dinars: CounterpartyResource;
let supplierId: string;

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Small Change Co');
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, 'Globex Corporation', 'ap@globex.example'));
  dinars = await createCustomer(vendor, 'Kuwait Trading', null, { currency_id: KWD });
  const supplier = ((await buyer.get('/api/v1/vendors')).body.data as CounterpartyResource[]).find((entry) => entry.name === 'Small Change Co');
  if (!supplier) throw new Error('The onboarded customer has no vendor record of its supplier');
  supplierId = supplier.id;
});
afterAll(async () => {
  await h.close();
});

const amountError = async (client: TestClient, body: Record<string, unknown>) => errorsOf(await client.post('/api/v1/payments', body)).amount?.[0];

describe('the payment minimum', () => {
  it('lets the last instalment under 0.50 settle the invoice: $1.20 paid $1.00 + $0.20', async () => {
    const invoice = await openInvoice(vendor, customer.id, 120);
    expect(await amountError(vendor, paymentBody(customer.id, 20, { invoice_id: invoice.id }))).toBe('Amount must be more than $ 0.5');
    await createPayment(vendor, paymentBody(customer.id, 100, { invoice_id: invoice.id }));
    const last = await createPayment(vendor, paymentBody(customer.id, 20, { invoice_id: invoice.id }));
    expect(last.invoice).toMatchObject({ amount_paid: 120, due_amount: 0, paid_status: 'paid' });
    // Edited, the last instalment may still settle exactly, never leave something due under the minimum.
    expect(errorsOf(await vendor.put(`/api/v1/payments/${last.id}`, paymentBody(customer.id, 19, { invoice_id: invoice.id }))).amount).toEqual(['Amount must be more than $ 0.5']);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 120, paid_status: 'paid' });
    expect((await vendor.put(`/api/v1/payments/${last.id}`, paymentBody(customer.id, 20, { invoice_id: invoice.id, notes: 'Last cents' }))).status).toBe(200);
  });

  it('asks every payment without an invoice for the minimum', async () => {
    expect(await amountError(vendor, paymentBody(customer.id, 49))).toBe('Amount must be more than $ 0.5');
    expect(await amountError(vendor, paymentBody(customer.id, 0))).toBe('Amount must be more than $ 0.5');
    expect((await createPayment(vendor, paymentBody(customer.id, 50))).amount).toBe(50);
  });

  it('names the minimum in the currency of the invoice or the customer', async () => {
    // KD 1.200 paid KD 0.900 + KD 0.300.
    const invoice = await openInvoice(vendor, dinars.id, 1200);
    expect(await amountError(vendor, paymentBody(dinars.id, 300, { invoice_id: invoice.id }))).toBe('Amount must be more than KD 0.5');
    await createPayment(vendor, paymentBody(dinars.id, 900, { invoice_id: invoice.id }));
    expect((await createPayment(vendor, paymentBody(dinars.id, 300, { invoice_id: invoice.id }))).invoice).toMatchObject({ paid_status: 'paid' });
    expect(await amountError(vendor, paymentBody(dinars.id, 499))).toBe('Amount must be more than KD 0.5');
    const tiny = await vendor.post('/api/v1/invoices', { customer_id: dinars.id, invoice_date: '2026-11-20', items: [{ name: 'Stamp', quantity: '1', price: 499 }] });
    expect(errorsOf(tiny).total).toEqual(['Total should be greater than KD 0.500']);
    const estimate = await vendor.post('/api/v1/estimates', { customer_id: dinars.id, estimate_date: '2026-11-20', items: [{ name: 'Stamp', quantity: '1', price: 499 }] });
    expect(errorsOf(estimate).total).toEqual(['Total should be greater than KD 0.500']);
    const yen = await createCustomer(vendor, 'Tokyo Trading', null, { currency_id: JPY });
    expect(await amountError(vendor, paymentBody(yen.id, 0))).toBe('Amount must be more than ¥ 1');
  });

  it('holds claims to the same rule: the one that settles may be small, and is confirmed', async () => {
    const invoice = await openInvoice(vendor, customer.id, 120);
    const claim = (amount: number) => ({ direction: 'made', vendor_id: supplierId, invoice_id: invoice.id, payment_date: '2026-11-21', amount });
    expect(await amountError(buyer, claim(20))).toBe('Amount must be more than $ 0.5');
    await createPayment(vendor, paymentBody(customer.id, 100, { invoice_id: invoice.id }));
    const last = await createPayment(buyer, claim(20));
    const confirmed = await vendor.post(`/api/v1/payments/${last.id}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((confirmed.body.data as PaymentClaim).invoice).toMatchObject({ amount_paid: 120, due_amount: 0, paid_status: 'paid' });
  });

  it('settles no invoice of another business, however exactly the amount fits', async () => {
    const sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Small Co');
    const invoice = await openInvoice(vendor, customer.id, 120);
    const theirs = await createCustomer(sibling, 'Their Customer');
    expect(errorsOf(await sibling.post('/api/v1/payments', paymentBody(theirs.id, 120, { invoice_id: invoice.id }))).invoice_id).toEqual([messages.invalidInvoice]);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 0, paid_status: 'unpaid' });
  });
});
