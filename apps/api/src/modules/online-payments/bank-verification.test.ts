import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CardPayment, CardPaymentOptions, CounterpartyResource, InvoiceResource, PublicLinkResponse } from '@app/contracts';
import type { FakeStripe } from '@app/fakes';
import { auditLogs, outbox } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient } from '../../../test/harness';
import { settleEvents } from '../../../test/payouts';
import { cardPaymentOf, confirmBankByHand, confirmCard, type PaymentScene, startPaymentScene, verifyMicrodeposits } from '../../../test/online-payments';
import { ownerWithBusiness } from '../../../test/team';
import { PUBLIC_LINK_RATE_LIMIT } from '../document-delivery/document-delivery.routes';
import { tokenOfUrl } from '../document-delivery/delivery-test-helpers';
import { invoiceOf, openInvoice } from '../payments/test-payments';

/**
 * A bank account typed by hand is proved with microdeposits before it is debited (issue 17): the
 * provider's intent waits in `requires_action`, the server keeps the attempt as awaiting
 * verification from the verified `payment_intent.requires_action`, the pay page offers the code
 * step on a later visit, and nothing is due less until the debit succeeds.
 */
const clock = fixedClock(new Date('2026-11-21T10:00:00Z'));

let online: PaymentScene;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;

beforeAll(async () => {
  online = await startPaymentScene({ clock, fakeOptions: { bankSettlementDelayMs: null }, vendor: 'Verify Vendor', buyer: { name: 'Verify Buyer', email: 'ap@verify-buyer.example' } });
  ({ h, fake, vendor, customer, buyer } = online);
});
afterAll(() => online.close());
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

const settle = () => settleEvents(h, fake);

async function invoiceWithLink(total: number): Promise<{ invoice: InvoiceResource; token: string }> {
  const invoice = await openInvoice(vendor, customer.id, total);
  const link = (await vendor.post(`/api/v1/invoices/${invoice.id}/links`)).body as PublicLinkResponse;
  return { invoice, token: tokenOfUrl(link.url) };
}

async function startAsGuest(token: string, body: Record<string, unknown>) {
  const guest = h.client();
  await guest.csrf();
  return guest.post(`/api/v1/public/invoices/${token}/card-payment`, body);
}

async function guestOptions(token: string, host?: string): Promise<{ status: number; options: CardPaymentOptions }> {
  const response = await h.client(host).get(`/api/v1/public/invoices/${token}/card-payment`);
  return { status: response.status, options: (response.body as { data: CardPaymentOptions }).data };
}

const confirmByHand = (payment: CardPayment) => confirmBankByHand(fake, payment, '000123456789', 'Verify Buyer Inc.');

async function historyEvents(invoiceId: string): Promise<string[]> {
  const rows = await h.app.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, h.landlordId), eq(auditLogs.modelId, invoiceId)));
  return rows.flatMap((row) => (typeof row.changes.event?.after === 'string' ? [row.changes.event.after] : []));
}

describe('a bank account typed by hand awaits microdeposits', () => {
  it('keeps the attempt awaiting verification, offers the code step again on a later visit, then debits once proved', async () => {
    const { invoice, token } = await invoiceWithLink(12_000);
    const payment = cardPaymentOf(await startAsGuest(token, { method: 'us_bank_account' }));
    expect(await confirmByHand(payment)).toMatchObject({ status: 'requires_action', next_action: { type: 'verify_with_microdeposits' } });
    await settle();

    // Nothing moved: the invoice is due in full and shows no processing payment; its history says what waits.
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', due_amount: 12_000, amount_paid: 0, payment_processing: null });
    expect(await historyEvents(invoice.id)).toContain('online_payment_awaiting_verification');
    // A later visit: the public page and the customer business's pay form ask for the code.
    expect((await guestOptions(token)).options.bank_verification).toEqual({ amount: 12_000 });
    const incoming = await buyer.get(`/api/v1/invoices/${invoice.id}/card-payment`);
    expect(incoming.body.data).toMatchObject({ bank_verification: { amount: 12_000 } });
    // Starting the same bank payment again gives the waiting attempt back, to verify with its secret.
    const again = cardPaymentOf(await startAsGuest(token, { method: 'us_bank_account' }));
    expect(again).toMatchObject({ client_secret: payment.client_secret, status: 'requires_action', amount: 12_000 });

    expect(await verifyMicrodeposits(fake, again, 'SM99ZZ')).toMatchObject({ error: { code: 'payment_method_microdeposit_verification_descriptor_code_mismatch' } });
    expect(await verifyMicrodeposits(fake, again)).toMatchObject({ status: 'processing' });
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ due_amount: 12_000, payment_processing: { amount: 12_000, method: 'us_bank_account' } });
    expect((await guestOptions(token)).options.bank_verification).toBeNull();

    fake.control.settleBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', due_amount: 0, amount_paid: 12_000, payment_processing: null });
  });

  it('fails the attempt after three wrong codes without telling the vendor of a return; the invoice is payable again', async () => {
    const { invoice, token } = await invoiceWithLink(6_000);
    const payment = cardPaymentOf(await startAsGuest(token, { method: 'us_bank_account' }));
    await confirmByHand(payment);
    await settle();
    for (const code of ['SM00AA', 'SM00BB']) expect(await verifyMicrodeposits(fake, payment, code)).toMatchObject({ error: { code: 'payment_method_microdeposit_verification_descriptor_code_mismatch' } });
    expect(await verifyMicrodeposits(fake, payment, 'SM00CC')).toMatchObject({ error: { code: 'payment_method_microdeposit_verification_attempts_exceeded' } });
    await settle();

    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', due_amount: 6_000, payment_processing: null });
    const history = await historyEvents(invoice.id);
    expect(history).toContain('online_payment_verification_failed');
    expect(history).not.toContain('online_payment_failed');
    const mails = await h.app.db.select().from(outbox).where(and(eq(outbox.tenantId, h.landlordId), eq(outbox.to, ADMIN_EMAIL)));
    expect(mails.filter((mail) => mail.subject.includes(invoice.invoice_number) && mail.subject.includes('failed'))).toHaveLength(0);
    expect((await guestOptions(token)).options.bank_verification).toBeNull();
    // The payer tries again with another way: the same attempt takes a card.
    const card = cardPaymentOf(await startAsGuest(token, {}));
    expect(await confirmCard(fake, card, 'pm_card_visa')).toMatchObject({ status: 'succeeded' });
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid' });
  });

  it('lets the payer give up the waiting bank account and pay by card instead', async () => {
    const { invoice, token } = await invoiceWithLink(4_500);
    const bank = cardPaymentOf(await startAsGuest(token, { method: 'us_bank_account' }));
    await confirmByHand(bank);
    await settle();
    const card = cardPaymentOf(await startAsGuest(token, {}));
    expect(card.client_secret).not.toBe(bank.client_secret);
    // The abandoned attempt was canceled at the provider: its code no longer debits anything.
    expect(await verifyMicrodeposits(fake, bank)).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
    expect(await confirmCard(fake, card, 'pm_card_visa')).toMatchObject({ status: 'succeeded' });
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', amount_paid: 4_500, payment_processing: null });
    expect((await guestOptions(token)).options.bank_verification).toBeNull();
  });

  it('tells no other business or tenant of the waiting verification', async () => {
    const { invoice, token } = await invoiceWithLink(3_300);
    await confirmByHand(cardPaymentOf(await startAsGuest(token, { method: 'us_bank_account' })));
    await settle();
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Verify Stranger Co');
    expect((await stranger.get(`/api/v1/invoices/${invoice.id}/card-payment`)).status).toBe(404);
    expect((await vendor.get(`/api/v1/invoices/${invoice.id}/card-payment`)).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Verify Foreign Ltd', OTHER_HOST);
    expect((await foreign.get(`/api/v1/invoices/${invoice.id}/card-payment`)).status).toBe(404);
    expect((await guestOptions(token, OTHER_HOST)).status).toBe(404);
    expect((await guestOptions(token)).options.bank_verification).toEqual({ amount: 3_300 });
  });
});
