import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLender, type FakeLender } from './server.js';
import { LenderWebhookReceiver } from './testing/contract-target.js';

/** The fake's wire rules the adapter never breaks on purpose, and its control routes (the journeys' switches). */

let lender: FakeLender;
let receiver: LenderWebhookReceiver;

async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${lender.url}${path}`, {
    method,
    headers: { authorization: `Api-Key ${lender.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json: unknown = await response.json();
  return { status: response.status, json };
}

const company = (reference: string) => ({ partner_company_uuid: reference, company_name: 'Wire Co', country: 'US', email: null });
const offerBody = (invoice: string) => ({
  product_uuid: 'any',
  term_days: 30,
  invoice: { partner_invoice_uuid: invoice, invoice_number: 'W-1', currency: 'USD', total: 10_000, due_amount: 10_000, issue_date: '2026-11-01', due_date: null, company: company('wire-co'), customer: company('wire-customer') },
});

beforeAll(async () => {
  receiver = await LenderWebhookReceiver.start();
  lender = await startFakeLender({ fundingDelayMs: null, webhookRetryDelaysMs: [] });
});
afterAll(async () => {
  await lender.close();
  await receiver.close();
});

describe('the fake lender on the wire', () => {
  it('wants an Idempotency-Key on every write, and one key for one request only', async () => {
    expect(await call('POST', '/api/v1/submit/application', company('wire-co'))).toMatchObject({ status: 400, json: { error: { code: 'invalid_request' } } });
    const first = await call('POST', '/api/v1/fundnow/offers', offerBody('inv-1'), { 'idempotency-key': 'k1' });
    expect(first.status).toBe(201);
    expect(await call('POST', '/api/v1/fundnow/offers', offerBody('inv-1'), { 'idempotency-key': 'k1' })).toEqual(first);
    expect(await call('POST', '/api/v1/paylater/offers', offerBody('inv-1'), { 'idempotency-key': 'k1' })).toMatchObject({ status: 409, json: { error: { code: 'idempotency_conflict' } } });
    expect(await call('POST', '/api/v1/fundnow/offers', offerBody('inv-2'), { 'idempotency-key': 'k1' })).toMatchObject({ status: 409 });
  });

  it('answers a body it cannot read 422 invalid_request, naming the field', async () => {
    expect(await call('POST', '/api/v1/fundnow/offers', { ...offerBody('inv-3'), invoice: undefined }, { 'idempotency-key': 'k2' })).toMatchObject({ status: 422, json: { error: { code: 'invalid_request', message: 'invoice must be an object.' } } });
  });

  it('obeys its control routes with the API key only', async () => {
    const denied = await fetch(`${lender.url}/_control/deliveries/hold`, { method: 'POST' });
    expect(denied.status).toBe(401);
    expect((await call('POST', '/_control/webhooks', { url: receiver.url })).status).toBe(200);
    expect((await call('POST', '/_control/companies/wire-declined/decline', {})).status).toBe(200);
    const declined = await call('POST', '/api/v1/fundnow/offers', { ...offerBody('inv-4'), invoice: { ...offerBody('inv-4').invoice, company: company('wire-declined') } }, { 'idempotency-key': 'k3' });
    expect(declined).toMatchObject({ status: 422, json: { error: { code: 'declined' } } });
    const offer = await call('POST', '/api/v1/fundnow/offers', offerBody('inv-5'), { 'idempotency-key': 'k4' });
    const offerId = typeof offer.json === 'object' && offer.json !== null && 'id' in offer.json ? String(offer.json.id) : '';
    const loan = await call('POST', `/api/v1/offers/${offerId}/accept`, { amount: 5_000 }, { 'idempotency-key': 'k5' });
    const loanId = typeof loan.json === 'object' && loan.json !== null && 'id' in loan.json ? String(loan.json.id) : '';
    expect(loan).toMatchObject({ status: 201, json: { status: 'pending_funding' } });
    expect((await call('POST', `/_control/loans/${loanId}/cancel`, {})).json).toMatchObject({ status: 'cancelled' });
    // A cancelled loan is never funded.
    expect((await call('POST', `/_control/loans/${loanId}/fund`, {})).status).toBe(200);
    expect((await call('GET', `/api/v1/loans/${loanId}`)).json).toMatchObject({ status: 'cancelled', fundedAt: null });
    const [delivery] = await receiver.waitFor(1);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ type: 'loan.cancelled', data: { object: { id: loanId } } });
  });
});
