import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createCustomer } from '../../../test/documents';
import { ownerWithBusiness } from '../../../test/team';
import { eventsOf, typesAbout } from '../../../test/webhook-events';
import { createPayment, openInvoice, paymentBody } from '../payments/test-payments';
import { createInvoiceOverdueJob } from './invoice-overdue';

// 20:00 UTC on the 25th is already the 26th at UTC+14 (Kiritimati), still the 25th in UTC.
const clock = fixedClock(new Date('2026-11-25T20:00:00Z'));
let h: Harness;
let ahead: TestClient;
let utc: TestClient;
let aheadCustomer: string;
let utcCustomer: string;

async function dueOn(client: TestClient, customerId: string, dueDate: string, total = 10_000): Promise<string> {
  const invoice = await openInvoice(client, customerId, total);
  const moved = await client.post(`/api/v1/invoices/${invoice.id}/update-due-date`, { due_date: dueDate });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return invoice.id;
}

/** Hours later the sessions have ended: the owner signs in again, keeping each client's business. */
async function signInAgain(): Promise<void> {
  for (const client of [ahead, utc]) expect((await client.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
}

const runJob = () => createInvoiceOverdueJob(h.app).run();
const overdueEventsOf = async (id: string) => (await typesAbout(h, h.landlordId, id)).filter((type) => type === 'invoice.overdue');

beforeAll(async () => {
  h = await createHarness({ clock });
  ahead = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Kiritimati Traders');
  expect((await ahead.post('/api/v1/business/settings', { settings: { time_zone: 'Pacific/Kiritimati' } })).status).toBe(200);
  utc = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Greenwich Traders');
  aheadCustomer = (await createCustomer(ahead, 'Overdue Customer A')).id;
  utcCustomer = (await createCustomer(utc, 'Overdue Customer B')).id;
}, 60_000);
afterAll(async () => {
  await h.close();
});

describe('invoice.overdue', () => {
  it("is written once when the due date passes in the business's own time zone", async () => {
    const early = await dueOn(ahead, aheadCustomer, '2026-11-25');
    const later = await dueOn(utc, utcCustomer, '2026-11-25');
    expect(await runJob()).toBe(1);
    expect(await overdueEventsOf(early)).toEqual(['invoice.overdue']);
    expect(await overdueEventsOf(later)).toEqual([]);

    clock.advance(5 * 3_600_000);
    await signInAgain();
    expect(await runJob()).toBe(1);
    expect(await runJob()).toBe(0);
    expect(await overdueEventsOf(early)).toEqual(['invoice.overdue']);
    expect(await overdueEventsOf(later)).toEqual(['invoice.overdue']);
    const [event] = (await eventsOf(h, h.landlordId)).filter((stored) => stored.type === 'invoice.overdue' && stored.businessId === utc.business);
    expect(event?.data).toMatchObject({ invoice: { id: later, business_id: utc.business, due_date: '2026-11-25', due_amount: 10_000 } });
  });

  it('is not written for a paid or a draft invoice, and is written again for a new due date that passes', async () => {
    const paid = await dueOn(utc, utcCustomer, '2026-11-20', 5_000);
    await createPayment(utc, paymentBody(utcCustomer, 5_000, { invoice_id: paid }));
    const draft = await utc.post('/api/v1/invoices', { customer_id: utcCustomer, invoice_date: '2026-11-01', due_date: '2026-11-02', items: [{ name: 'Draft', quantity: '1', price: 100 }] });
    expect(draft.status).toBe(201);
    const moved = await dueOn(utc, utcCustomer, '2026-11-21');
    await runJob();
    expect(await overdueEventsOf(paid)).toEqual([]);
    expect(await overdueEventsOf((draft.body.data as { id: string }).id)).toEqual([]);
    expect(await overdueEventsOf(moved)).toEqual(['invoice.overdue']);

    expect((await utc.post(`/api/v1/invoices/${moved}/update-due-date`, { due_date: '2026-11-30' })).status).toBe(200);
    await runJob();
    expect(await overdueEventsOf(moved)).toHaveLength(1);
    clock.advance(5 * 86_400_000);
    await signInAgain();
    await runJob();
    expect(await overdueEventsOf(moved)).toHaveLength(2);
  });

  it("writes events in the invoice's own tenant and business only", async () => {
    expect(await eventsOf(h, h.otherTenantId)).toEqual([]);
    const overdue = (await eventsOf(h, h.landlordId)).filter((event) => event.type === 'invoice.overdue');
    for (const event of overdue) expect(event.businessId).toBe((event.data.invoice as { business_id: string }).business_id);
  });
});
