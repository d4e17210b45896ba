import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardStats, type InvoiceResource, type InvoiceStats, currencyByCode } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createCustomer, createInvoice } from '../../../test/documents';
import { inviteAndAccept } from '../../../test/team';
import { fixedClock } from '../../platform/clock';
import { createPayment, paymentBody } from '../payments/test-payments';

const idOf = (code: string) => currencyByCode(code)?.id ?? 0;
const [USD, JPY, KWD, BHD] = ['USD', 'JPY', 'KWD', 'BHD'].map(idOf) as [number, number, number, number];
const clock = fixedClock(new Date('2026-05-15T12:00:00Z'));
let h: Harness;
/** A business in dollars with customers in yen, dinars (Kuwaiti and Bahraini) and dollars. */
let dollars: TestClient;
/** A business in Kuwaiti dinars (three decimals) with customers in dollars and yen. */
let dinars: TestClient;

async function businessIn(currencyId: number, name: string, host?: string): Promise<TestClient> {
  const owner = h.client(host);
  expect((await owner.login(host ? OTHER_ADMIN_EMAIL : ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  const created = await owner.post('/api/v1/businesses/create', { name, currency_id: currencyId });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  owner.business = (created.body.data as { id: string }).id;
  return owner;
}

async function setRate(client: TestClient, currencyId: number, rate: string): Promise<void> {
  expect((await client.put(`/api/v1/exchange-rates/${currencyId}`, { rate })).status).toBe(200);
}

/** A one-line invoice of `price` minor units of the customer's currency, finalized unless a draft is wanted. */
async function invoice(client: TestClient, customerId: string, price: number, dueDate: string, draft = false): Promise<InvoiceResource> {
  const created = await createInvoice(client, customerId, { invoice_date: '2026-05-01', due_date: dueDate, items: [{ name: 'Work', quantity: '1', price }] });
  if (draft) return created;
  const finalized = await client.post(`/api/v1/invoices/${created.id}/finalize`);
  expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
  return finalized.body.data as InvoiceResource;
}

const statsOf = async (client: TestClient, type = 'outgoing') => {
  const response = await client.get(`/api/v1/invoices/stats?type=${type}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as InvoiceStats;
};
const dashboardOf = async (client: TestClient) => (await client.get('/api/v1/business/stats')).body as DashboardStats;

beforeAll(async () => {
  h = await createHarness({ clock });
  dollars = await businessIn(USD, 'Mixed Currencies Co');
  const yen = await createCustomer(dollars, 'Yen Buyer', null, { currency_id: JPY });
  const kuwaiti = await createCustomer(dollars, 'Kuwaiti Buyer', null, { currency_id: KWD });
  const bahraini = await createCustomer(dollars, 'Bahraini Buyer', null, { currency_id: BHD });
  const local = await createCustomer(dollars, 'Local Buyer');
  // Made before any rate exists: stored without one, so counted at the business's current rate.
  await invoice(dollars, yen.id, 1234, '2026-05-10');
  await setRate(dollars, JPY, '0.0067');
  await setRate(dollars, KWD, '3.2512');
  await setRate(dollars, BHD, '2.6597');
  await invoice(dollars, yen.id, 10000, '2026-06-30');
  const owed = await invoice(dollars, kuwaiti.id, 12345, '2026-05-01');
  await createPayment(dollars, paymentBody(kuwaiti.id, 5000, { invoice_id: owed.id, payment_date: '2026-05-05' }));
  await invoice(dollars, bahraini.id, 750, '2026-06-30', true);
  await invoice(dollars, local.id, 9999, '2026-06-30');
  // A later rate changes nothing stored: the dinar invoice and payment keep 3.2512.
  await setRate(dollars, KWD, '3.3');

  dinars = await businessIn(KWD, 'Dinar Trading');
  const american = await createCustomer(dinars, 'American Buyer');
  const japanese = await createCustomer(dinars, 'Japanese Buyer', null, { currency_id: JPY });
  await setRate(dinars, USD, '0.3075');
  await setRate(dinars, JPY, '0.00205');
  await invoice(dinars, american.id, 10000, '2026-05-01');
  await invoice(dinars, japanese.id, 10001, '2026-06-30');
});
afterAll(async () => {
  await h.close();
});

describe('invoice statistics across currencies', () => {
  it('count each currency with its own decimals and equal the dashboard in a dollar business', async () => {
    const stats = await statsOf(dollars);
    // Due: ¥1,234 at today's 0.0067 ($8.2678) + ¥10,000 at its stored 0.0067 ($67.00) + KD 7.345 at
    // its stored 3.2512 ($23.880064) + $99.99 = $199.137864, rounded once.
    // Paid: KD 5.000 at 3.2512 = $16.256. Draft: BD 0.750 at 2.6597 = $1.994775.
    // Overdue (due before 15 May): the ¥1,234 and the dinar invoice's KD 7.345 = $32.147864.
    expect(stats).toEqual({ inDraft: 199, totalPaid: 1626, totalDue: 19914, totalOverDue: 3215, currency_id: USD, unconverted_currency_ids: [] });
    const dashboard = await dashboardOf(dollars);
    expect(dashboard.total_amount_due).toBe(stats.totalDue);
    expect(dashboard.unconverted_currency_ids).toEqual(stats.unconverted_currency_ids);
  });

  it('convert into a currency with three decimals and equal the dashboard', async () => {
    const stats = await statsOf(dinars);
    // $100.00 at 0.3075 = KD 30.750; ¥10,001 at 0.00205 = KD 20.50205 → KD 51.252 (51252 fils).
    expect(stats).toEqual({ inDraft: 0, totalPaid: 0, totalDue: 51252, totalOverDue: 30750, currency_id: KWD, unconverted_currency_ids: [] });
    expect((await dashboardOf(dinars)).total_amount_due).toBe(stats.totalDue);
  });

  it('leave out and name a currency without a rate, as the dashboard does', async () => {
    const late = await businessIn(USD, 'Rate Later Co');
    const kuwaiti = await createCustomer(late, 'Kuwaiti Client', null, { currency_id: KWD });
    const local = await createCustomer(late, 'Local Client');
    await invoice(late, kuwaiti.id, 2000, '2026-06-30');
    await invoice(late, local.id, 5000, '2026-06-30');
    const stats = await statsOf(late);
    expect(stats).toMatchObject({ totalDue: 5000, unconverted_currency_ids: [KWD] });
    expect(await dashboardOf(late)).toMatchObject({ total_amount_due: 5000, unconverted_currency_ids: [KWD] });
    await setRate(late, KWD, '3.25');
    // KD 2.000 stored without a rate: today's 3.25 → $6.50.
    expect(await statsOf(late)).toMatchObject({ totalDue: 5650, unconverted_currency_ids: [] });
    expect((await dashboardOf(late)).total_amount_due).toBe(5650);
  });

  it('show each business only its own invoices and need view-invoice', async () => {
    // The same owner's other business and another tenant's business count none of these invoices.
    const sibling = await businessIn(USD, 'Sibling Co');
    const foreign = await businessIn(USD, 'Foreign Co', OTHER_HOST);
    for (const outsider of [sibling, foreign]) expect(await statsOf(outsider)).toEqual({ inDraft: 0, totalPaid: 0, totalDue: 0, totalOverDue: 0, currency_id: USD, unconverted_currency_ids: [] });
    expect((await foreign.get('/api/v1/invoices/stats', { business: dollars.business ?? '' })).status).toBe(403);
    expect((await dollars.post('/api/v1/roles', { name: 'No Invoices', abilities: ['view-customer'] })).status).toBe(201);
    const clerk = await inviteAndAccept(h, dollars, 'clerk@mixed.example', 'No Invoices');
    expect((await clerk.get('/api/v1/invoices/stats')).status).toBe(403);
    expect((await clerk.get('/api/v1/invoices/stats', { business: sibling.business ?? '' })).status).toBe(403);
  });
});
