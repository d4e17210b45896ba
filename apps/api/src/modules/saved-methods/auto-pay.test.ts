import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterpartyResource } from '@app/contracts';
import { type FakeStripe } from '@app/fakes';
import { autoPayAttempts, invoices, outbox, payments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient } from '../../../test/harness';
import { createCustomer, onboardedCustomer } from '../../../test/documents';
import { chargeableBusiness, type PaymentScene, startPaymentScene } from '../../../test/online-payments';
import { settleEvents } from '../../../test/payouts';
import { confirmSetup, methodsOf, saveCard, setupOf } from '../../../test/saved-methods';
import { ownerWithBusiness } from '../../../test/team';
import { createRecurring, getRecurring } from '../recurring-invoices/test-recurring';
import { createRecurringInvoiceJob } from '../recurring-invoices/recurring-job';
import { AUTO_PAY_RETRY_AFTER_MS, autoPayMessages } from './auto-pay.service';

/**
 * Auto pay against the fake Stripe: a recurring invoice with auto_pay_enabled charges the
 * customer's default saved method off-session when it makes an invoice; the invoice is paid only
 * from the verified webhook; a soft decline is tried once more a day later and both sides are told.
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const BUYER_EMAIL = 'ap@auto-buyer.example';

let online: PaymentScene;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;

beforeAll(async () => {
  online = await startPaymentScene({ clock, platformFee: { percent: '2.5', fixed: 30 }, vendor: 'Auto Vendor', buyer: { name: 'Auto Buyer', email: BUYER_EMAIL } });
  ({ h, fake, vendor, customer, buyer } = online);
});
afterAll(() => online.close());

async function generatedInvoice(recurringId: string): Promise<string> {
  const viewed = await getRecurring(vendor, recurringId);
  const id = viewed.invoices[0]?.id;
  if (!id) throw new Error('No invoice was generated');
  return id;
}

async function invoiceRow(id: string) {
  const rows = await h.app.db.select().from(invoices).where(and(eq(invoices.tenantId, h.landlordId), eq(invoices.id, id)));
  return rows[0];
}

const attemptsOf = (invoiceId: string) => h.app.db.select().from(autoPayAttempts).where(and(eq(autoPayAttempts.tenantId, h.landlordId), eq(autoPayAttempts.invoiceId, invoiceId))).orderBy(autoPayAttempts.try);
/** The vendor's received payments on the invoice (the customer business has its mirror of each). */
const paymentsOf = (invoiceId: string) => h.app.db.select().from(payments).where(and(eq(payments.tenantId, h.landlordId), eq(payments.invoiceId, invoiceId), eq(payments.direction, 'received')));
const failureMails = () => h.app.db.select().from(outbox).where(eq(outbox.tenantId, h.landlordId)).then((rows) => rows.filter((mail) => mail.subject.startsWith('Automatic payment of invoice')));

describe('auto pay', () => {
  it('charges the default saved method off-session, once, and the invoice is paid from the webhook', async () => {
    await saveCard(fake, buyer);
    const recurring = await createRecurring(vendor, customer.id, { send_automatically: false, auto_pay_enabled: true });
    const job = createRecurringInvoiceJob(h.app);
    expect((await job.generateDue(clock.now())).generated).toBe(1);
    const invoiceId = await generatedInvoice(recurring.id);
    const [attempt] = await attemptsOf(invoiceId);
    expect(attempt).toMatchObject({ try: 1, status: 'charged', amount: 17_000 });
    // Still unpaid until the provider's verified event is processed.
    await settleEvents(h, fake);
    expect(await invoiceRow(invoiceId)).toMatchObject({ paidStatus: 'paid', amountPaid: 17_000 });
    expect(await paymentsOf(invoiceId)).toHaveLength(1);
    const event = fake.control.events().find((e) => e.type === 'payment_intent.succeeded' && 'id' in e.data.object && e.data.object.id === attempt?.providerIntentId);
    expect(event?.data.object).toMatchObject({ application_fee_amount: 455, amount_received: 17_000 });

    // A second run charges nothing more.
    await job.generateDue(clock.now());
    expect(await attemptsOf(invoiceId)).toHaveLength(1);
    expect(await paymentsOf(invoiceId)).toHaveLength(1);
    expect((await vendor.delete(`/api/v1/recurring-invoices/${recurring.id}`)).status).toBe(200);
  });

  it('tells both when the customer has no saved method, and charges nothing', async () => {
    const owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Auto Vendor Two');
    await chargeableBusiness(h, fake, owner);
    const { customer: bare } = await onboardedCustomer(h, owner, 'Bare Buyer', 'ap@bare-buyer.example');
    const recurring = await createRecurring(owner, bare.id, { send_automatically: false, auto_pay_enabled: true });
    await createRecurringInvoiceJob(h.app).generateDue(clock.now());
    const viewed = await getRecurring(owner, recurring.id);
    const invoiceId = viewed.invoices[0]?.id ?? '';
    expect(await attemptsOf(invoiceId)).toEqual([expect.objectContaining({ try: 1, status: 'skipped', message: autoPayMessages.noMethod })]);
    expect((await failureMails()).filter((mail) => mail.to === 'ap@bare-buyer.example')).toHaveLength(1);
  });

  it('leaves a recurring invoice without auto pay alone', async () => {
    const recurring = await createRecurring(vendor, customer.id, { send_automatically: false });
    expect(recurring.auto_pay_enabled).toBe(false);
    await createRecurringInvoiceJob(h.app).generateDue(clock.now());
    expect(await attemptsOf(await generatedInvoice(recurring.id))).toEqual([]);
  });
  it('charges the card a customer without an account saved through the vendor’s payment-method link', async () => {
    const guestCustomer = await createCustomer(vendor, 'Link Payer', 'ap@link-payer.example');
    const link = await vendor.post(`/api/v1/customers/${guestCustomer.id}/payment-method-links`, {});
    const token = String((link.body.data as { url: string }).url.split('/view/')[1]);
    const guest = h.client();
    await guest.csrf();
    const setup = setupOf(await guest.post(`/api/v1/public/payment-method-links/${token}/setup`, {}));
    expect((await confirmSetup(fake, setup, 'pm_card_mastercard')).status).toBe('succeeded');
    await settleEvents(h, fake);
    const recurring = await createRecurring(vendor, guestCustomer.id, { send_automatically: false, auto_pay_enabled: true });
    await createRecurringInvoiceJob(h.app).generateDue(clock.now());
    const invoiceId = await generatedInvoice(recurring.id);
    expect(await attemptsOf(invoiceId)).toEqual([expect.objectContaining({ try: 1, status: 'charged' })]);
    await settleEvents(h, fake);
    expect(await invoiceRow(invoiceId)).toMatchObject({ paidStatus: 'paid' });
  });

  // Last: it moves the clock a day on, past the sessions' lifetime.
  it('tells the vendor and the customer of a declined card, and tries once more a day later', async () => {
    if ((await methodsOf(buyer)).length === 0) await saveCard(fake, buyer);
    const recurring = await createRecurring(vendor, customer.id, { send_automatically: false, auto_pay_enabled: true });
    const job = createRecurringInvoiceJob(h.app);
    fake.control.declineNextConfirm();
    await job.generateDue(clock.now());
    const invoiceId = await generatedInvoice(recurring.id);
    const [first, second] = await attemptsOf(invoiceId);
    expect(first).toMatchObject({ try: 1, status: 'failed', message: 'Your card was declined.' });
    expect(second).toMatchObject({ try: 2, status: 'pending' });
    expect(second?.nextTryAt?.getTime()).toBe(clock.now().getTime() + AUTO_PAY_RETRY_AFTER_MS);
    const mails = (await failureMails()).filter((mail) => mail.text.includes('Your card was declined.'));
    expect(mails.map((mail) => mail.to).sort(), JSON.stringify(mails.map((mail) => [mail.to, mail.subject]))).toEqual([ADMIN_EMAIL, BUYER_EMAIL].sort());
    expect(mails.every((mail) => mail.text.includes('try once more'))).toBe(true);
    await settleEvents(h, fake);
    expect(await invoiceRow(invoiceId)).toMatchObject({ paidStatus: 'unpaid' });

    // Not before the day is over; then once.
    await createRecurringInvoiceJob(h.app).generateDue(clock.now());
    expect((await attemptsOf(invoiceId))[1]).toMatchObject({ status: 'pending' });
    clock.advance(AUTO_PAY_RETRY_AFTER_MS);
    await createRecurringInvoiceJob(h.app).generateDue(clock.now());
    expect((await attemptsOf(invoiceId))[1]).toMatchObject({ status: 'charged' });
    await settleEvents(h, fake);
    expect(await invoiceRow(invoiceId)).toMatchObject({ paidStatus: 'paid' });
    expect(await paymentsOf(invoiceId)).toHaveLength(1);
  });

});
