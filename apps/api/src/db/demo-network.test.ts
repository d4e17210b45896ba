import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CounterpartyListResponse,
  EstimateListResponse,
  InvoiceListResponse,
  ItemListResponse,
  NoteListResponse,
  PaymentClaimListResponse,
  PaymentListResponse,
  TaxTypeListResponse,
} from '@app/contracts';
import { dashboardChartsSchema } from '@app/contracts';
import { type Harness, createHarness } from '../../test/harness';
import { ensureInitialData, loginsMade } from './seed';
import { startMessage } from '../platform/first-start';

let h: Harness;
let ownerPassword = '';

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const namesOf = (body: Record<string, unknown>) => (body as unknown as CounterpartyListResponse).data.map((c) => c.name).sort();

describe('DEMO=1', () => {
  it('gives the demo business customers (one onboarded, seeing it among its vendors), vendors and a catalogue', async () => {
    const seeded = await ensureInitialData({ ...h.app, env: { ...h.app.env, DEMO: true } });
    const password = seeded.demo?.password ?? '';
    ownerPassword = password;
    // The start message lists every sign-in the demo made, with the one password they share.
    const logins = loginsMade(seeded).filter((login) => login.password === password);
    expect(logins.map((login) => login.email)).toEqual(['owner@demo.example.com', 'owner@northwind.demo.example.com']);
    expect(startMessage('http://localhost:3000', logins)).toContain(`the email owner@northwind.demo.example.com and the password ${password}.`);
    const demo = h.client();
    expect((await demo.login('owner@demo.example.com', password)).status).toBe(200);
    demo.business = ((await demo.get('/api/v1/business/user/companies')).body.data as { id: string }[])[0]?.id ?? null;
    expect(namesOf((await demo.get('/api/v1/customers')).body)).toEqual(['Contoso Ltd', 'Northwind Traders', 'Walk-in Customer']);
    expect(namesOf((await demo.get('/api/v1/vendors')).body)).toEqual(['Cloud Hosting Co', 'Office Supplies Inc']);
    const northwind = h.client();
    expect((await northwind.login('owner@northwind.demo.example.com', password)).status).toBe(200);
    northwind.business = ((await northwind.get('/api/v1/business/user/companies')).body.data as { id: string }[])[0]?.id ?? null;
    expect(namesOf((await northwind.get('/api/v1/vendors')).body)).toEqual(['Demo Trading Co']);

    // The catalogue: units, tax types, items using both, a note of each type, payment modes.
    expect(namesOf((await demo.get('/api/v1/item-units')).body)).toEqual(['day', 'hour', 'piece']);
    const taxes = (await demo.get('/api/v1/tax-types')).body as unknown as TaxTypeListResponse;
    expect(taxes.data.map((tax) => [tax.name, tax.percent, tax.compound_tax]).sort()).toEqual([
      ['GST 5%', '5', false],
      ['QST 9.975%', '9.975', false],
      ['VAT 19%', '19', false],
    ]);
    const items = (await demo.get('/api/v1/items')).body as unknown as ItemListResponse;
    const workshop = items.data.find((item) => item.name === 'Workshop day');
    expect(items.data.length).toBe(3);
    expect(items.data.every((item) => item.unit !== null && item.taxes.length > 0)).toBe(true);
    expect(workshop?.unit?.name).toBe('day');
    expect(workshop?.taxes.map((tax) => tax.name).sort()).toEqual(['GST 5%', 'QST 9.975%']);
    const notes = (await demo.get('/api/v1/notes')).body as unknown as NoteListResponse;
    expect(notes.data.map((note) => note.type).sort()).toEqual(['Estimate', 'Invoice', 'Payment']);
    expect(namesOf((await demo.get('/api/v1/payments/methods')).body)).toEqual(['Bank transfer', 'Cash', 'Check', 'Credit card']);

    // Seeding twice adds nothing.
    const counts = async () =>
      Promise.all(['/api/v1/item-units', '/api/v1/tax-types', '/api/v1/items', '/api/v1/notes', '/api/v1/payments/methods'].map(async (path) => (await demo.get(path)).body.meta));
    const before = await counts();
    expect((await ensureInitialData({ ...h.app, env: { ...h.app.env, DEMO: true } })).demo).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it('fills in a catalogue entry that went missing on the next start', async () => {
    const demo = h.client();
    const seeded = await ensureInitialData({ ...h.app, env: { ...h.app.env, DEMO: true } });
    expect(seeded.demo).toBeUndefined();
    expect((await demo.login('owner@demo.example.com', ownerPassword)).status).toBe(200);
    demo.business = ((await demo.get('/api/v1/business/user/companies')).body.data as { id: string }[])[0]?.id ?? null;
    const modes = (await demo.get('/api/v1/payments/methods?search=Cash')).body.data as { id: string; name: string }[];
    const cash = modes.find((mode) => mode.name === 'Cash');
    expect((await demo.delete(`/api/v1/payments/methods/${cash?.id ?? ''}`)).status).toBe(200);
    await ensureInitialData({ ...h.app, env: { ...h.app.env, DEMO: true } });
    expect(namesOf((await demo.get('/api/v1/payments/methods')).body)).toEqual(['Bank transfer', 'Cash', 'Check', 'Credit card']);
  });

  it('gives the demo business invoices in every status, some received and answered by Northwind', async () => {
    const demo = h.client();
    expect((await demo.login('owner@demo.example.com', ownerPassword)).status).toBe(200);
    demo.business = ((await demo.get('/api/v1/business/user/companies')).body.data as { id: string }[])[0]?.id ?? null;
    const outgoing = (await demo.get('/api/v1/invoices?limit=50')).body as unknown as InvoiceListResponse;
    expect(new Set(outgoing.data.map((invoice) => invoice.status))).toEqual(new Set(['draft', 'open', 'sent', 'viewed', 'approved', 'rejected', 'void', 'completed']));
    expect(outgoing.data.some((invoice) => invoice.display_status === 'overdue')).toBe(true);
    const northwind = h.client();
    expect((await northwind.login('owner@northwind.demo.example.com', ownerPassword)).status).toBe(200);
    northwind.business = ((await northwind.get('/api/v1/business/user/companies')).body.data as { id: string }[])[0]?.id ?? null;
    const incoming = (await northwind.get('/api/v1/invoices?type=incoming')).body as unknown as InvoiceListResponse;
    expect(new Set(incoming.data.map((invoice) => invoice.status))).toEqual(new Set(['approved', 'rejected', 'sent', 'viewed', 'open', 'completed']));
    const estimates = (await demo.get('/api/v1/estimates?limit=50')).body as unknown as EstimateListResponse;
    expect(new Set(estimates.data.map((estimate) => estimate.status))).toEqual(new Set(['draft', 'open', 'sent', 'viewed', 'approved', 'rejected', 'expired', 'void']));
    expect(estimates.data.filter((estimate) => estimate.converted_invoice_id !== null)).toHaveLength(1);
    // Payments (full and partial), reminder rules, recurring invoices that have run, a year on the dashboard.
    const paid = (await demo.get('/api/v1/invoices?paid_status=paid&limit=50')).body as unknown as InvoiceListResponse;
    const partial = (await demo.get('/api/v1/invoices?paid_status=partially_paid&limit=50')).body as unknown as InvoiceListResponse;
    expect(paid.meta.total).toBeGreaterThanOrEqual(10);
    expect(partial.meta.total).toBe(1);
    // Northwind's payments made: one claim the demo business confirmed, one awaiting its confirmation.
    const claims = (await demo.get('/api/v1/payments/claims?status=all')).body as unknown as PaymentClaimListResponse;
    expect(claims.data.map((claim) => claim.status).sort()).toEqual(['claimed', 'confirmed']);
    expect(claims.meta.claimed_count).toBe(1);
    // Beside them, the payments the demo business recorded on Northwind's invoices, confirmed on Northwind's side.
    const made = (await northwind.get('/api/v1/payments?tab=made&limit=50')).body as unknown as PaymentListResponse;
    expect(made.data.filter((payment) => payment.claim?.status === 'claimed')).toHaveLength(1);
    expect(new Set(made.data.map((payment) => payment.claim?.status))).toEqual(new Set(['claimed', 'confirmed']));
    // Purchases: the demo vendors' bills, all but the latest paid, so the dashboard's purchases and payments made have a history.
    const bills = (await demo.get('/api/v1/invoices?type=incoming&limit=50')).body as unknown as InvoiceListResponse;
    expect(bills.data).toHaveLength(12);
    expect(bills.data.filter((invoice) => invoice.paid_status === 'paid')).toHaveLength(10);
    // The year of the latest paid bill (the current one shows nothing yet in its first weeks).
    const paidYear = bills.data.find((invoice) => invoice.paid_status === 'paid')?.invoice_date.slice(0, 4);
    const charts = dashboardChartsSchema.parse((await demo.get(`/api/v1/business/charts/data?year=${paidYear ?? ''}`)).body);
    expect(charts.totals.purchases).toBeGreaterThan(0);
    expect(charts.totals.payments_made).toBeGreaterThan(0);
    expect(((await demo.get('/api/v1/payment-reminders')).body.data as unknown[]).length).toBe(3);
    const recurring = (await demo.get('/api/v1/recurring-invoices')).body.data as { id: string }[];
    expect(recurring).toHaveLength(2);
    for (const schedule of recurring) {
      const view = (await demo.get(`/api/v1/recurring-invoices/${schedule.id}`)).body.data as { invoices: unknown[] };
      expect(view.invoices.length).toBeGreaterThanOrEqual(1);
    }
    const stats = await demo.get('/api/v1/business/stats?type=all');
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    // A restart adds no second set.
    await ensureInitialData({ ...h.app, env: { ...h.app.env, DEMO: true } });
    expect(((await demo.get('/api/v1/invoices?limit=1')).body as unknown as InvoiceListResponse).meta.invoice_total_count).toBe(outgoing.meta.invoice_total_count);
  });
});
