import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterpartyResource, PaymentResource } from '@app/contracts';
import { type FakeStripe } from '@app/fakes';
import { autoPayAttempts, outbox } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient } from '../../../test/harness';
import { type PaymentScene, startPaymentScene } from '../../../test/online-payments';
import { deliverWebhook, stripeEventBody, stripeSignature } from '../../../test/payment-provider';
import { settleEvents } from '../../../test/payouts';
import { methodsOf, saveBank } from '../../../test/saved-methods';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { invoiceOf } from '../payments/test-payments';
import { createRecurring, getRecurring } from '../recurring-invoices/test-recurring';
import { createRecurringInvoiceJob } from '../recurring-invoices/recurring-job';
import { RETURNED_DEBIT_NOTE } from './auto-pay-debits';
import { autoPayMessages } from './auto-pay.service';

/**
 * Auto pay by bank debit against the fake Stripe: the customer's default saved method is a US bank
 * account, so the off-session debit is `processing`; the generated invoice shows it so, is paid from
 * the verified `payment_intent.succeeded`, and a return (R01) reopens what is due, fails the try
 * without a retry, marks the account and tells the vendor and the customer.
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const BUYER_EMAIL = 'ap@bank-auto-buyer.example';

let online: PaymentScene;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;

beforeAll(async () => {
  online = await startPaymentScene({ clock, platformFee: { percent: '2.5', fixed: 30 }, vendor: 'Bank Auto Vendor', buyer: { name: 'Bank Auto Buyer', email: BUYER_EMAIL } });
  ({ h, fake, vendor, customer, buyer } = online);
});
afterAll(() => online.close());

const settle = () => settleEvents(h, fake);
const attemptsOf = (invoiceId: string) => h.app.db.select().from(autoPayAttempts).where(and(eq(autoPayAttempts.tenantId, h.landlordId), eq(autoPayAttempts.invoiceId, invoiceId))).orderBy(autoPayAttempts.try);
const mailsAbout = (invoiceNumber: string) =>
  h.app.db
    .select()
    .from(outbox)
    .where(eq(outbox.tenantId, h.landlordId))
    .then((rows) => rows.filter((mail) => mail.subject.includes(`invoice ${invoiceNumber}`)));

/** A recurring invoice with auto pay makes its invoice now (its next one is a week on); the generated invoice's id and number. */
async function generated(): Promise<{ id: string; number: string }> {
  const recurring = await createRecurring(vendor, customer.id, { send_automatically: false, auto_pay_enabled: true });
  await createRecurringInvoiceJob(h.app).generateDue(clock.now());
  const invoice = (await getRecurring(vendor, recurring.id)).invoices[0];
  if (!invoice) throw new Error('No invoice was generated');
  return { id: invoice.id, number: (await invoiceOf(vendor, invoice.id)).invoice_number };
}

describe('auto pay by bank debit', () => {
  it('debits the default bank account: processing on the invoice, paid from the verified event', async () => {
    const bank = await saveBank(fake, buyer);
    expect(bank).toMatchObject({ type: 'us_bank_account', is_default: true, debit_returned_at: null });
    const invoice = await generated();
    const [attempt] = await attemptsOf(invoice.id);
    expect(attempt).toMatchObject({ try: 1, status: 'processing', amount: 17_000, savedMethodId: bank.id });
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', due_amount: 17_000, payment_processing: { amount: 17_000, method: 'us_bank_account' } });

    fake.control.settleBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', due_amount: 0, payment_processing: null });
    expect((await attemptsOf(invoice.id))[0]).toMatchObject({ status: 'charged' });
    const listed = await vendor.get(`/api/v1/payments?tab=received&invoice_id=${invoice.id}`);
    const [payment] = listed.body.data as PaymentResource[];
    expect(payment?.charges).toEqual([expect.objectContaining({ kind: 'charge', amount: 17_000, payment_method: 'us_bank_account' })]);
    expect(payment?.transfers.map((m) => m.kind)).toEqual(['application_fee', 'transfer']);
  });

  it('reopens what is due on a return, fails the try without a retry, and tells the vendor and the customer once', async () => {
    const invoice = await generated();
    await settle();
    expect((await invoiceOf(vendor, invoice.id)).payment_processing).toMatchObject({ amount: 17_000 });
    fake.control.failBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', due_amount: 17_000, payment_processing: null });
    const attempts = await attemptsOf(invoice.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status: 'failed', nextTryAt: null });
    expect(attempts[0]?.message).toContain('insufficient funds');
    const mails = await mailsAbout(invoice.number);
    // Auto pay's words for both, not also the bank-payment mail to the vendor.
    expect(mails.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [ADMIN_EMAIL, `Automatic payment of invoice ${invoice.number} failed`],
        [BUYER_EMAIL, `Automatic payment of invoice ${invoice.number} failed`],
      ].sort(),
    );
    expect(mails.every((mail) => mail.text.includes(RETURNED_DEBIT_NOTE) && !mail.text.includes('try once more'))).toBe(true);
    const [method] = await methodsOf(buyer);
    expect(method).toMatchObject({ type: 'us_bank_account', is_default: true });
    expect(method?.debit_returned_at).not.toBeNull();
    expect(method?.debit_return_reason).toContain('insufficient funds');

    // The return delivered again, or a late processing event, changes nothing and tells no one again.
    const failed = fake.control.events().find((e) => e.type === 'payment_intent.payment_failed' && 'id' in e.data.object && e.data.object.id === attempts[0]?.providerIntentId);
    if (!failed) throw new Error('No payment_failed event');
    fake.control.redeliverEvent(failed.id);
    const { body } = stripeEventBody({ type: failed.type, object: JSON.parse(JSON.stringify(failed.data.object)) as Record<string, unknown> });
    expect((await deliverWebhook(h, '127.0.0.1', body, stripeSignature(body, online.webhookSecret))).status).toBe(200);
    await settle();
    expect(await mailsAbout(invoice.number)).toHaveLength(2);
    expect(await attemptsOf(invoice.id)).toHaveLength(1);
  });

  it('does not debit a returned account again until the customer chooses it again', async () => {
    const [returned] = await methodsOf(buyer);
    if (!returned?.debit_returned_at) throw new Error('The previous test leaves the account returned');
    const skipped = await generated();
    expect(await attemptsOf(skipped.id)).toEqual([expect.objectContaining({ try: 1, status: 'skipped', message: autoPayMessages.debitReturned, providerIntentId: null })]);
    expect((await mailsAbout(skipped.number)).map((mail) => mail.to).sort()).toEqual([ADMIN_EMAIL, BUYER_EMAIL].sort());

    // Only the customer business clears it: another business, another tenant and a member without the ability cannot.
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Stranger Bank Methods');
    expect((await stranger.post(`/api/v1/business/payment-methods/${returned.id}/set-as-default`, {})).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Bank Methods', OTHER_HOST);
    expect((await foreign.post(`/api/v1/business/payment-methods/${returned.id}/set-as-default`, {})).status).toBe(404);
    const viewer = await inviteAndAccept(h, buyer, 'viewer@bank-auto-buyer.example', 'viewer');
    expect((await viewer.post(`/api/v1/business/payment-methods/${returned.id}/set-as-default`, {})).status).toBe(403);
    expect((await methodsOf(buyer))[0]?.debit_returned_at).not.toBeNull();

    const chosen = await buyer.post(`/api/v1/business/payment-methods/${returned.id}/set-as-default`, {});
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.data).toMatchObject({ is_default: true, debit_returned_at: null, debit_return_reason: null });
    const again = await generated();
    expect(await attemptsOf(again.id)).toEqual([expect.objectContaining({ status: 'processing' })]);
  });

  it('makes a newly saved method the default in place of a returned bank account', async () => {
    const invoice = await generated();
    await settle();
    fake.control.failBankPayments();
    await settle();
    expect((await attemptsOf(invoice.id))[0]).toMatchObject({ status: 'failed' });
    const fresh = await saveBank(fake, buyer, '000123456789');
    expect(fresh).toMatchObject({ is_default: true, debit_returned_at: null });
    const methods = await methodsOf(buyer);
    expect(methods.filter((m) => m.is_default)).toEqual([expect.objectContaining({ id: fresh.id })]);
    expect(methods.find((m) => m.id !== fresh.id)?.debit_returned_at).not.toBeNull();
  });
});
