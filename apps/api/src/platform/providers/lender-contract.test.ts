import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeLenderTarget, type LenderContractTarget, LenderWebhookReceiver, realLenderTarget, type ReceivedLenderWebhook } from '@app/fakes/testing/lender';
import { type FinancingProvider, FinancingProviderError, type LenderCompany, type LenderInvoice, lenderLoanSchema, lenderOfferSchema } from './financing-provider';
import { createHttpFinancingProvider, lenderSignature } from './http-financing-provider';
import { AddressPolicy } from '../outbound/address-policy';
import { OutboundHttpClient } from '../outbound/outbound-http';

/**
 * The contract of the HTTP lender adapter: the same calls against the fake lender always, and
 * against a real lender's sandbox when LENDER_TEST_URL and LENDER_TEST_KEY are set (with
 * LENDER_TEST_PRODUCT_IDS). The fake's switches (decline, funding, duplicate and reordered
 * deliveries) and its deliveries to this machine exist only on the fake; those tests skip there.
 */

const realUrl = process.env.LENDER_TEST_URL;
const realKey = process.env.LENDER_TEST_KEY;
/** The fake lender and this file's listeners are on 127.0.0.1, open only through the development allow-list. */
const http = new OutboundHttpClient(AddressPolicy.fromSetting('127.0.0.1'));

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`;

function company(name: string): LenderCompany {
  return { reference: unique('company'), name, country: 'US', email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com` };
}

function invoice(borrower: LenderCompany, dueAmount = 100_000): LenderInvoice {
  return {
    reference: unique('invoice'),
    number: unique('INV'),
    currency: 'USD',
    total: dueAmount,
    dueAmount,
    issueDate: '2026-11-01',
    dueDate: '2026-12-31',
    borrower,
    counterparty: company('Paying Customer Inc'),
  };
}

async function failure(call: Promise<unknown>): Promise<FinancingProviderError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof FinancingProviderError) return error;
    throw error;
  }
  throw new Error('The call succeeded but should have failed');
}

function header(delivery: ReceivedLenderWebhook, name: string): string {
  const value = delivery.headers[name];
  return typeof value === 'string' ? value : '';
}

function eventIdOf(delivery: ReceivedLenderWebhook): string {
  const parsed: unknown = JSON.parse(delivery.body);
  return typeof parsed === 'object' && parsed !== null && 'id' in parsed && typeof parsed.id === 'string' ? parsed.id : '';
}

function contractSuite(label: string, makeTarget: (webhookUrl: string) => Promise<LenderContractTarget>, isFake: boolean): void {
  describe(label, () => {
    let target: LenderContractTarget;
    let receiver: LenderWebhookReceiver;
    let lender: FinancingProvider;
    const fake = () => {
      if (target.fake === null) throw new Error('fake only');
      return target.fake;
    };
    const verify = (delivery: ReceivedLenderWebhook, provider = lender) => provider.verifyEvent(Buffer.from(delivery.body), header(delivery, 'lender-signature'), header(delivery, 'lender-timestamp'));
    /** An accepted loan on a fresh borrower's invoice. */
    async function acceptedLoan(amount?: number) {
      const borrower = company('Borrowing Vendor LLC');
      await lender.approval(borrower, unique('approval'));
      const offer = await lender.createOffer({ product: 'factoring', invoice: invoice(borrower), termDays: 45 }, unique('offer'));
      return lender.acceptOffer(offer.id, amount ?? offer.principal, unique('accept'));
    }
    /** Funds the loan and answers its `loan.funded` delivery (the fake only). */
    async function fundedLoan() {
      const loan = await acceptedLoan();
      const before = receiver.received.length;
      fake().control.fund(loan.id);
      const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
      if (delivery === undefined) throw new Error('no delivery');
      return { loan, delivery };
    }

    beforeAll(async () => {
      receiver = await LenderWebhookReceiver.start();
      target = await makeTarget(receiver.url);
      lender = createHttpFinancingProvider({ baseUrl: target.baseUrl, apiKey: target.apiKey, productIds: target.productIds }, http);
    });
    afterAll(async () => {
      await target.close();
      await receiver.close();
    });
    beforeEach(async () => {
      await target.fake?.control.settleDeliveries();
    });

    it('underwrites a company: approved with a credit limit; a wrong key is an authentication error', async () => {
      const approval = await lender.approval(company('Approved Vendor LLC'), unique('approval'));
      expect(approval).toMatchObject({ status: 'approved', currency: 'USD', reason: null });
      expect(approval.creditLimit).toBeGreaterThan(0);
      const wrongKey = createHttpFinancingProvider({ baseUrl: target.baseUrl, apiKey: 'lk_test_not_the_key', productIds: target.productIds }, http);
      const refused = await failure(wrongKey.approval(company('Anyone LLC'), unique('approval')));
      expect(refused.details).toMatchObject({ kind: 'authentication', httpStatus: 401 });
    });

    it('offers on an invoice within the advance rate, leaving the fee room in the amount due', async () => {
      const borrower = company('Offer Vendor LLC');
      await lender.approval(borrower, unique('approval'));
      const factoring = await lender.createOffer({ product: 'factoring', invoice: invoice(borrower, 100_000), termDays: 45 }, unique('offer'));
      expect(lenderOfferSchema.strict().parse(factoring)).toEqual(factoring);
      expect(factoring).toMatchObject({ product: 'factoring', currency: 'USD', termDays: 45 });
      expect(factoring.principal).toBeGreaterThan(0);
      expect(factoring.principal + factoring.fee).toBeLessThanOrEqual(100_000);
      expect(Date.parse(factoring.expiresAt)).toBeGreaterThan(Date.now());
      const bnpl = await lender.createOffer({ product: 'bnpl', invoice: invoice(borrower, 50_000), termDays: 90 }, unique('offer'));
      expect(bnpl).toMatchObject({ product: 'bnpl', termDays: 90 });
      if (target.fake) {
        // The fake's defaults: 80 % advance, 3 % per started 30 days (two periods for 45 days); BNPL lends the whole amount due, the fee on top.
        expect(factoring).toMatchObject({ principal: 80_000, fee: 4_800, feeBpsPer30Days: 300 });
        expect(bnpl).toMatchObject({ principal: 50_000, fee: 4_500 });
      }
    });

    it.skipIf(!isFake)('declines a declined company and a declined invoice with kind `declined`', async () => {
      const refused = company('Refused Vendor LLC');
      fake().control.declineCompany(refused.reference, 'Too little trading history.');
      expect(await lender.approval(refused, unique('approval'))).toEqual({ status: 'declined', creditLimit: 0, currency: 'USD', reason: 'Too little trading history.' });
      const declined = await failure(lender.createOffer({ product: 'factoring', invoice: invoice(refused), termDays: 30 }, unique('offer')));
      expect(declined.details).toMatchObject({ kind: 'declined', code: 'declined', httpStatus: 422 });
      expect(declined.message).toBe('Too little trading history.');
      const borrower = company('Good Vendor LLC');
      const ineligible = invoice(borrower);
      fake().control.declineInvoice(ineligible.reference);
      expect((await failure(lender.createOffer({ product: 'factoring', invoice: ineligible, termDays: 30 }, unique('offer')))).details.kind).toBe('declined');
    });

    it('accepts an offer: the loan waits for funding, then `loan.funded` arrives signed', async () => {
      const loan = await acceptedLoan(60_000);
      expect(lenderLoanSchema.strict().parse(loan)).toEqual(loan);
      expect(loan).toMatchObject({ status: 'pending_funding', principal: 60_000, principalRepaid: 0, feeRepaid: 0, fundedAt: null, repaidAt: null });
      if (!target.fake) return;
      expect(loan.fee).toBe(3_600);
      const before = receiver.received.length;
      fake().control.fund(loan.id);
      const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
      if (delivery === undefined) throw new Error('no delivery');
      const event = await verify(delivery);
      expect(event).toMatchObject({ type: 'loan.funded', livemode: false, loan: { id: loan.id, status: 'funded' } });
      expect(event.loan.fundedAt).not.toBeNull();
      expect(await lender.retrieveLoan(loan.id)).toEqual(event.loan);
      expect((await lender.listLoans(null)).map((l) => l.id)).toContain(loan.id);
    });

    it('answers a repeated accept with the same loan; the same key for another amount is a conflict', async () => {
      const borrower = company('Twice Vendor LLC');
      await lender.approval(borrower, unique('approval'));
      const offer = await lender.createOffer({ product: 'factoring', invoice: invoice(borrower), termDays: 30 }, unique('offer'));
      const key = unique('accept');
      const first = await lender.acceptOffer(offer.id, offer.principal, key);
      const again = await lender.acceptOffer(offer.id, offer.principal, key);
      expect(again.id).toBe(first.id);
      expect((await failure(lender.acceptOffer(offer.id, offer.principal - 1, key))).details).toMatchObject({ kind: 'conflict', httpStatus: 409 });
      // A new key is a new request: the offer is taken.
      expect((await failure(lender.acceptOffer(offer.id, offer.principal, unique('accept')))).details.kind).toBe('conflict');
    });

    it.skipIf(!isFake)('takes repayments fee first: `loan.repayment`, then `loan.repaid`', async () => {
      const { loan } = await fundedLoan();
      const before = receiver.received.length;
      const partial = await lender.reportRepayment(loan.id, { amount: loan.fee + 1_000, reference: unique('payment') }, unique('repay'));
      expect(partial).toMatchObject({ status: 'funded', feeRepaid: loan.fee, principalRepaid: 1_000 });
      const rest = loan.principal - 1_000;
      const repaid = await lender.reportRepayment(loan.id, { amount: rest, reference: unique('payment') }, unique('repay'));
      expect(repaid).toMatchObject({ status: 'repaid', principalRepaid: loan.principal });
      expect(repaid.repaidAt).not.toBeNull();
      const deliveries = (await receiver.waitFor(before + 2)).slice(before);
      const events = await Promise.all(deliveries.map((delivery) => verify(delivery)));
      expect(events.map((event) => [event.type, event.loan.principalRepaid])).toEqual([
        ['loan.repayment', 1_000],
        ['loan.repaid', loan.principal],
      ]);
      expect((await failure(lender.reportRepayment(loan.id, { amount: 1, reference: unique('payment') }, unique('repay')))).details.kind).toBe('conflict');
    });

    it.skipIf(!isFake)('verifies signatures: a tampered body, a stale timestamp and another key are refused', async () => {
      const { delivery } = await fundedLoan();
      expect((await verify(delivery)).type).toBe('loan.funded');
      const tampered = { ...delivery, body: delivery.body.replace('"funded"', '"repaid"') };
      expect(tampered.body).not.toBe(delivery.body);
      expect((await failure(verify(tampered))).details.code).toBe('invalid_signature');
      const otherKey = createHttpFinancingProvider({ baseUrl: target.baseUrl, apiKey: 'lk_test_another_tenant', productIds: target.productIds }, http);
      expect((await failure(verify(delivery, otherKey))).details.code).toBe('invalid_signature');
      const stale = Math.floor(Date.now() / 1000) - 6 * 60;
      const staleSignature = lenderSignature(delivery.body, target.apiKey, stale);
      expect((await failure(lender.verifyEvent(Buffer.from(delivery.body), staleSignature, String(stale)))).details.code).toBe('stale_timestamp');
      expect((await failure(lender.verifyEvent(Buffer.from(delivery.body), '', header(delivery, 'lender-timestamp')))).details.code).toBe('invalid_signature');
      // Signed correctly, but not an event this port knows.
      const now = Math.floor(Date.now() / 1000);
      const foreign = JSON.stringify({ id: 'evt_1', type: 'loan.exploded', created: now, livemode: false, data: { object: {} } });
      expect((await failure(lender.verifyEvent(Buffer.from(foreign), lenderSignature(foreign, target.apiKey, now), String(now)))).details.code).toBe('invalid_event');
    });

    it.skipIf(!isFake)('delivers duplicates as duplicates and held events in reverse order', async () => {
      const control = fake().control;
      control.duplicateDeliveries(true);
      const loan = await acceptedLoan();
      const start = receiver.received.length;
      control.fund(loan.id);
      const funded = (await receiver.waitFor(start + 2)).slice(start);
      control.duplicateDeliveries(false);
      const [firstId, secondId] = funded.map(eventIdOf);
      expect(firstId).toMatch(/^evt_/);
      expect(secondId).toBe(firstId);
      expect((await Promise.all(funded.map((delivery) => verify(delivery)))).map((event) => event.loan.id)).toEqual([loan.id, loan.id]);

      control.holdDeliveries();
      const before = receiver.received.length;
      await lender.reportRepayment(loan.id, { amount: 1_000, reference: unique('payment') }, unique('repay'));
      control.markLate(loan.id);
      expect(receiver.received.length).toBe(before);
      control.releaseDeliveries('reversed');
      const reordered = (await receiver.waitFor(before + 2)).slice(before);
      expect((await Promise.all(reordered.map((delivery) => verify(delivery)))).map((event) => event.type)).toEqual(['loan.late', 'loan.repayment']);
    });

    it.skipIf(!isFake)('retries a delivery the receiver refused, signing each attempt', async () => {
      receiver.statuses.push(500);
      const loan = await acceptedLoan();
      const before = receiver.received.length;
      fake().control.fund(loan.id);
      const attempts = (await receiver.waitFor(before + 2)).slice(before);
      const [refused, retried] = attempts;
      if (refused === undefined || retried === undefined) throw new Error('no retry');
      expect(eventIdOf(retried)).toBe(eventIdOf(refused));
      expect((await verify(retried)).loan.id).toBe(loan.id);
    });

    it('names a missing loan not_found', async () => {
      expect((await failure(lender.retrieveLoan('loan_does_not_exist'))).details).toMatchObject({ kind: 'not_found', httpStatus: 404 });
    });
  });
}

describe('outages', () => {
  it('turns a 5xx, a timeout, an unreachable lender and a url on a refused address into `unavailable`', async () => {
    const receiver = await LenderWebhookReceiver.start();
    const target = await fakeLenderTarget(receiver.url);
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const credentials = { apiKey: target.apiKey, productIds: target.productIds };
      target.fake?.control.failNextRequests(1);
      const down = await failure(createHttpFinancingProvider({ ...credentials, baseUrl: target.baseUrl }, http).retrieveLoan('loan_x'));
      expect(down.details).toMatchObject({ kind: 'unavailable', httpStatus: 503 });
      const address = silent.address();
      const silentUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
      const slow = await failure(createHttpFinancingProvider({ ...credentials, baseUrl: silentUrl }, http, { timeoutMs: 100 }).retrieveLoan('loan_x'));
      expect(slow.details).toMatchObject({ kind: 'unavailable', code: 'timeout' });
      const closedPort = await failure(createHttpFinancingProvider({ ...credentials, baseUrl: 'http://127.0.0.1:9' }, http).retrieveLoan('loan_x'));
      expect(closedPort.details).toMatchObject({ kind: 'unavailable', code: 'unreachable' });
      expect(closedPort.message).not.toContain(target.apiKey);
      const refused = await failure(createHttpFinancingProvider({ ...credentials, baseUrl: target.baseUrl }, new OutboundHttpClient(new AddressPolicy())).retrieveLoan('loan_x'));
      expect(refused.details).toMatchObject({ kind: 'unavailable', code: 'refused_address', httpStatus: null });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await target.close();
      await receiver.close();
    }
  });
});

contractSuite('HTTP lender adapter against the fake lender', fakeLenderTarget, true);

describe.skipIf(realUrl === undefined || realKey === undefined)('a real lender (LENDER_TEST_URL and LENDER_TEST_KEY, a sandbox key; LENDER_TEST_PRODUCT_IDS for its FundNow,PayLater products)', () => {
  contractSuite('HTTP lender adapter against the lender at LENDER_TEST_URL', async () => realLenderTarget(realUrl ?? '', realKey ?? '', process.env.LENDER_TEST_PRODUCT_IDS), false);
});
