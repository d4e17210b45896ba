import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardPayment, type InvoiceListItem, type LoanResource, type PaymentResource, type PayoutOnboarding, paymentTransfersResponseSchema } from '@app/contracts';
import { platformFeeOf } from '@app/domain';
import { type Harness, type TestClient, createHarness } from '../../test/harness';
import { cardPaymentOf, intentIdOf, listeningPort } from '../../test/online-payments';
import { connectDemoProviders } from '../modules/tenants/tenants.service';
import { tokenOfUrl } from '../modules/document-delivery/delivery-test-helpers';
import { invoiceOf } from '../modules/payments/test-payments';
import { DEMO_PLATFORM_FEE, DEMO_PROVIDER_KEYS, type DemoProviders, startDemoProviders } from '../platform/demo-providers';
import { startMessage } from '../platform/first-start';
import { demoPayLink, seedDemoPayoutAccount } from './demo-payments';
import { seedDemoFinancing } from './demo-financing';
import { createLoanReconciliation } from '../modules/financing/loan-reconciliation';
import { ensureInitialData } from './seed';

/**
 * DEMO=1 as `npm start` runs it: the in-process fake Stripe delivers its events to this app's
 * webhook on 127.0.0.1, the demo business's payout account is onboarded at start, and a guest pays
 * a demo invoice by card from the link the start message prints.
 */
let h: Harness;
let demo: DemoProviders;
let dataDir: string;
let owner: TestClient;
let payLink: string | null;

/** What Stripe.js does against the demo's fake: the publishable key and the intent's client secret. */
async function stripeJs(pathName: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`${demo.paymentProviderApiBase}${pathName}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_PROVIDER_KEYS.stripe.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return (await response.json()) as Record<string, unknown>;
}

const confirm = (payment: CardPayment, paymentMethod: string) =>
  stripeJs(`/v1/payment_intents/${intentIdOf(payment)}/confirm`, { client_secret: payment.client_secret, payment_method: paymentMethod });

/** The intent as the platform reads it (secret key): its fee and where its money went. */
async function intentAtProvider(id: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${demo.paymentProviderApiBase}/v1/payment_intents/${id}`, { headers: { authorization: `Bearer ${DEMO_PROVIDER_KEYS.stripe.secretKey}` } });
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-demo-payments-'));
  demo = await startDemoProviders(dataDir);
  h = await createHarness({ env: { PAYMENT_PROVIDER_API_BASE: demo.paymentProviderApiBase } });
  await h.server.listen({ host: '127.0.0.1', port: 0 });
  demo.deliverEventsTo(listeningPort(h));
  const seeded = await ensureInitialData({ ...h.app, env: { ...h.app.env, DEMO: true } });
  await connectDemoProviders(h.app, h.landlordId, DEMO_PROVIDER_KEYS, DEMO_PLATFORM_FEE);
  if (!seeded.demoOwner || !seeded.demo) throw new Error('The demo seed made no demo business');
  await seedDemoPayoutAccount(h.app, seeded.demoOwner, demo.onboarding);
  await seedDemoFinancing(h.app, seeded.demoOwner, demo.onboarding);
  // A second start makes no second loan.
  await seedDemoFinancing(h.app, seeded.demoOwner, demo.onboarding);
  payLink = await demoPayLink(h.app, seeded.demoOwner);
  owner = h.client();
  expect((await owner.login(seeded.demo.email, seeded.demo.password)).status).toBe(200);
  owner.business = seeded.demoOwner.businessId;
}, 90_000);
afterAll(async () => {
  await h.close();
  await demo.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('DEMO=1 card payments', () => {
  it('onboards the demo business with a payout account that can take charges, once', async () => {
    const account = ((await owner.get('/api/v1/business/stripe-account')).body as { data: PayoutOnboarding }).data.account;
    expect(account).toMatchObject({ charges_enabled: true, payouts_enabled: true, currently_due: [] });
    const seeded = await ensureInitialData({ ...h.app, env: { ...h.app.env, DEMO: true } });
    if (!seeded.demoOwner) throw new Error('no demo owner');
    // A restart leaves the verified account as it is.
    await seedDemoPayoutAccount(h.app, seeded.demoOwner, demo.onboarding);
    const again = ((await owner.get('/api/v1/business/stripe-account')).body as { data: PayoutOnboarding }).data.account;
    expect(again?.provider_account_id).toBe(account?.provider_account_id);
  });

  it('prints a public pay link a guest pays by card (a decline first), booked from the webhook with the fee and the transfer', async () => {
    expect(payLink).toMatch(/^http:\/\/localhost(:\d+)?\/public\/invoices\/view\/[\w-]+$/);
    expect(startMessage('http://localhost:3000', [], payLink)).toContain(`Pay a demo invoice by card as its customer (test card 4242 4242 4242 4242): ${payLink}`);
    const token = tokenOfUrl(payLink ?? '');
    const page = await h.client().get(`/api/v1/public/invoices/${token}`);
    expect(page.status).toBe(200);
    const invoice = (page.body as { invoice: { id: string; due_amount: number } }).invoice;
    expect((await h.client().get(`/api/v1/public/invoices/${token}/card-payment`)).body).toMatchObject({ data: { available: true, publishable_key: DEMO_PROVIDER_KEYS.stripe.publishableKey } });

    const guest = h.client();
    await guest.csrf();
    const payment = cardPaymentOf(await guest.post(`/api/v1/public/invoices/${token}/card-payment`, {}));
    expect(payment.amount).toBe(invoice.due_amount);
    const declined = await confirm(payment, 'pm_card_chargeDeclined');
    expect(declined.error).toMatchObject({ type: 'card_error', message: 'Your card was declined.' });
    expect((await confirm(payment, 'pm_card_visa')).status).toBe('succeeded');

    // The fake's signed payment_intent.succeeded reaches the app's webhook; the inbox job books it.
    await expect
      .poll(async () => {
        await h.jobs.drain();
        return (await invoiceOf(owner, invoice.id)).paid_status;
      }, { timeout: 15_000, interval: 200 })
      .toBe('paid');
    const listed = (await owner.get('/api/v1/invoices?limit=100')).body.data as InvoiceListItem[];
    expect(listed.find((row) => row.id === invoice.id)).toMatchObject({ paid_status: 'paid', due_amount: 0 });
    const booked = (await owner.get(`/api/v1/payments?tab=received&invoice_id=${invoice.id}`)).body.data as PaymentResource[];
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ amount: invoice.due_amount });

    const account = ((await owner.get('/api/v1/business/stripe-account')).body as { data: PayoutOnboarding }).data.account;
    expect(await intentAtProvider(intentIdOf(payment))).toMatchObject({
      status: 'succeeded',
      amount_received: invoice.due_amount,
      application_fee_amount: platformFeeOf(invoice.due_amount, DEMO_PLATFORM_FEE),
      transfer_data: { destination: account?.provider_account_id },
    });
    // The vendor sees on the payment what the provider moved, from its events: the charge, the platform's fee and the transfer to the payout account.
    const fee = platformFeeOf(invoice.due_amount, DEMO_PLATFORM_FEE);
    await expect
      .poll(async () => {
        await h.jobs.drain();
        const moved = await owner.get(`/api/v1/payments/${booked[0]?.id}/transfers`);
        return paymentTransfersResponseSchema.parse(moved.body).data.map((m) => [m.kind, m.amount, m.destination]);
      }, { timeout: 15_000, interval: 200 })
      .toEqual([
        ['charge', invoice.due_amount, null],
        ['application_fee', fee, account?.provider_account_id],
        ['transfer', invoice.due_amount - fee, account?.provider_account_id],
      ]);
    // Paid: the link takes no second payment.
    const again = h.client();
    await again.csrf();
    expect((await again.post(`/api/v1/public/invoices/${token}/card-payment`, {})).status).toBe(422);
  });
});

describe('DEMO=1 financing', () => {
  it('shows one factoring loan partly repaid and one BNPL loan due in 90 days, made through the services', async () => {
    const listed = await owner.get('/api/v1/loans?limit=100');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const loans = (listed.body as { data: LoanResource[] }).data;
    expect(loans.map((loan) => loan.product).sort()).toEqual(['bnpl', 'factoring']);
    const factoring = loans.find((loan) => loan.product === 'factoring');
    expect(factoring).toMatchObject({ status: 'funded', fee_balance: 0, lender: 'platform' });
    expect(factoring?.principal_balance).toBeGreaterThan(0);
    expect(factoring?.principal_balance).toBeLessThan(factoring?.principal_amount ?? 0);
    const bnpl = loans.find((loan) => loan.product === 'bnpl');
    const dueDate = new Date(h.app.clock.now().getTime() + 90 * 86_400_000).toISOString().slice(0, 10);
    expect(bnpl).toMatchObject({ status: 'funded', due_date: dueDate, invoice: { counterparty_name: 'Cloud Hosting Co' } });
    expect(bnpl?.total_balance).toBe((bnpl?.principal_amount ?? 0) + (bnpl?.fee_amount ?? 0));
  });

  it('leaves the daily loan reconciliation nothing to report: loans made through the services agree with their ledger', async () => {
    const failures: unknown[] = [];
    const reconciliation = createLoanReconciliation(h.app, (_tenantId, error) => failures.push(error));
    expect(await reconciliation.run()).toBe(0);
    expect(failures).toEqual([]);
  });
});
