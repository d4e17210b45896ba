import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeLender, startFakeLender } from '@app/fakes';
import { providerEvents } from '../../db/schema';
import { lenderLoanSchema } from '../../platform/providers/financing-provider';
import { createHttpFinancingProvider } from '../../platform/providers/http-financing-provider';
import { FAKE_LENDER_ENV, deliverLenderWebhook, connectFinancingProvider, lenderEventBody, lenderHeaders, lenderLoan, TEST_FINANCING_PRODUCT_IDS } from '../../../test/financing-provider';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { signUpAndSignIn } from '../../../test/sign-up';
import { type InboxEvent, type ProviderEventHandlers, createProviderEventHandlers } from './provider-events.service';

const HOST = 'localhost';
const KEY_A = 'lk_test_tenant_a_0123456789abcdef';
const KEY_B = 'lk_test_tenant_b_fedcba9876543210';

let h: Harness;
let admin: TestClient;
let other: TestClient;
let lender: FakeLender;
const funded: InboxEvent[] = [];

type EventRow = { id: string; event_name: string; provider_event_id: string; source: string; status: string; method: string; url: string; account: string | null };

async function financingEventsOf(tenantId: string) {
  return h.app.db
    .select()
    .from(providerEvents)
    .where(and(eq(providerEvents.tenantId, tenantId), eq(providerEvents.provider, 'financing')));
}

async function deliver(type: string, options: { host?: string; tenantId?: string; key?: string; at?: number } = {}) {
  const event = lenderEventBody({ type });
  const response = await deliverLenderWebhook(h, options.host ?? HOST, options.tenantId ?? h.landlordId, event.body, lenderHeaders(event.body, options.key ?? KEY_A, options.at));
  await h.jobs.drain();
  return { ...event, response };
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  // The app's own `loan.funded` handler runs (these loans are none of its own, so it does nothing); this one counts its calls.
  const registry = createProviderEventHandlers();
  const handlers: ProviderEventHandlers = {
    register: (type, handler) => registry.register(type, handler),
    handlerFor: (type) => {
      const handler = registry.handlerFor(type);
      if (type !== 'loan.funded' || !handler) return handler;
      return async (tx, event) => {
        funded.push(event);
        await handler(tx, event);
      };
    },
  };
  h = await createHarness({ providerEventHandlers: handlers, env: FAKE_LENDER_ENV });
  await h.server.listen({ host: '127.0.0.1', port: 0 });
  const address = h.server.server.address();
  const appPort = typeof address === 'object' && address !== null ? address.port : 0;
  lender = await startFakeLender({
    apiKey: KEY_A,
    productIds: { factoring: TEST_FINANCING_PRODUCT_IDS[0] ?? '', bnpl: TEST_FINANCING_PRODUCT_IDS[1] ?? '' },
    webhookUrl: `http://localhost:${appPort}/api/v1/webhooks/financing-provider/${h.landlordId}`,
    webhookRetryDelaysMs: [20, 40],
    fundingDelayMs: 10,
  });
  await connectFinancingProvider(h, h.landlordId, { url: lender.url, apiKey: KEY_A });
  await connectFinancingProvider(h, h.otherTenantId, { url: lender.url, apiKey: KEY_B });
  admin = h.client();
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  other = h.client(OTHER_HOST);
  await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await lender.close();
  await h.close();
});

describe('lender webhook intake', () => {
  it("stores a signed loan event once, hands its handler the loan as sent, and lists it as the lender's", async () => {
    const before = funded.length;
    const { id, loan, response } = await deliver('loan.funded');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ received: true });
    expect(funded.length).toBe(before + 1);
    const handled = funded.at(-1);
    expect(handled).toMatchObject({ providerEventId: id, provider: 'financing', type: 'loan.funded', tenantId: h.landlordId, account: null, livemode: false });
    expect(lenderLoanSchema.parse(handled?.object)).toEqual(loan);

    const rows = (await financingEventsOf(h.landlordId)).filter((r) => r.providerEventId === id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'processed', attempts: 1, lastError: null });
    const list = await admin.get('/api/v1/events?type=loan.funded');
    const row = (list.body.data as EventRow[]).find((r) => r.provider_event_id === id);
    expect(row).toMatchObject({ event_name: 'loan.funded', source: 'financing', status: 'processed', method: 'POST', url: `/api/v1/webhooks/financing-provider/${h.landlordId}` });
    const detail = await admin.get(`/api/v1/events/${row?.id}`);
    expect(detail.body.data).toMatchObject({ payload: { id, type: 'loan.funded', data: { object: { id: loan.id } } } });
  });

  it('refuses a wrong key, a stale timestamp, a tampered body, missing headers and an unknown type with 400, storing nothing', async () => {
    const count = (await financingEventsOf(h.landlordId)).length;
    expect((await deliver('loan.funded', { key: 'lk_test_not_the_tenants_key' })).response.status).toBe(400);
    expect((await deliver('loan.funded', { at: Math.floor(Date.now() / 1000) - 6 * 60 })).response.status).toBe(400);
    const honest = lenderEventBody({ type: 'loan.funded', loan: lenderLoan({ principal: 80_000 }) });
    const tampered = honest.body.replace('"principal":80000', '"principal":800000');
    expect(tampered).not.toBe(honest.body);
    expect((await deliverLenderWebhook(h, HOST, h.landlordId, tampered, lenderHeaders(honest.body, KEY_A))).status).toBe(400);
    const unsigned = await deliverLenderWebhook(h, HOST, h.landlordId, honest.body, {});
    expect(unsigned.status).toBe(400);
    expect(JSON.parse(unsigned.body)).toMatchObject({ message: 'The Lender-Signature or Lender-Timestamp header is missing.' });
    expect((await deliver('loan.exploded')).response.status).toBe(400);
    expect((await financingEventsOf(h.landlordId)).length).toBe(count);
  });

  it('answers a duplicate delivery 200 and stores it once; the handler runs once', async () => {
    const before = funded.length;
    const event = lenderEventBody({ type: 'loan.funded' });
    const first = await deliverLenderWebhook(h, HOST, h.landlordId, event.body, lenderHeaders(event.body, KEY_A));
    // The lender signs each attempt again, with the attempt's own timestamp.
    const second = await deliverLenderWebhook(h, HOST, h.landlordId, event.body, lenderHeaders(event.body, KEY_A, Math.floor(Date.now() / 1000) - 30));
    await h.jobs.drain();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await financingEventsOf(h.landlordId)).filter((r) => r.providerEventId === event.id)).toHaveLength(1);
    expect(funded.length).toBe(before + 1);
  });

  it('marks an event about a loan the tenant does not have processed', async () => {
    const { id, response } = await deliver('loan.late');
    expect(response.status).toBe(200);
    expect((await financingEventsOf(h.landlordId)).find((r) => r.providerEventId === id)).toMatchObject({ status: 'processed', type: 'loan.late' });
  });

  it('refuses deliveries while the tenant has no lender configured', async () => {
    await connectFinancingProvider(h, h.otherTenantId, null);
    const refused = await deliver('loan.funded', { host: OTHER_HOST, tenantId: h.otherTenantId, key: KEY_B });
    expect(refused.response.status).toBe(400);
    expect(JSON.parse(refused.response.body)).toMatchObject({ message: 'No financing provider is configured for this tenant.' });
    await connectFinancingProvider(h, h.otherTenantId, { url: lender.url, apiKey: KEY_B });
  });

  it("takes the fake lender's own deliveries end to end: accept → funded → signed webhook → inbox, duplicates stored once", async () => {
    const provider = createHttpFinancingProvider({ baseUrl: lender.url, apiKey: KEY_A, productIds: { factoring: TEST_FINANCING_PRODUCT_IDS[0] ?? '', bnpl: TEST_FINANCING_PRODUCT_IDS[1] ?? '', drawdown: null } }, h.app.outboundHttp);
    const borrower = { reference: '0190a3c4-0000-7000-8000-0000000000b1', name: 'Vendor LLC', country: 'US', email: null };
    const offer = await provider.createOffer(
      {
        product: 'factoring',
        termDays: 30,
        invoice: { reference: '0190a3c4-0000-7000-8000-0000000000c1', number: 'INV-1', currency: 'USD', total: 50_000, dueAmount: 50_000, issueDate: '2026-11-01', dueDate: '2026-12-01', borrower, counterparty: { ...borrower, reference: '0190a3c4-0000-7000-8000-0000000000b2', name: 'Customer Inc' } },
      },
      'offer-e2e',
    );
    lender.control.duplicateDeliveries(true);
    const loan = await provider.acceptOffer(offer.id, offer.principal, 'accept-e2e');
    await waitUntil(async () => lender.control.deliveries().filter((d) => d.status === 200).length >= 2);
    await lender.control.settleDeliveries();
    lender.control.duplicateDeliveries(false);
    await h.jobs.drain();
    const loanEvent = z.object({ data: z.object({ object: lenderLoanSchema }) });
    const stored = (await financingEventsOf(h.landlordId)).filter((r) => r.type === 'loan.funded' && loanEvent.safeParse(r.payload).data?.data.object.id === loan.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.status).toBe('processed');
  });
});

describe('tenants and abilities', () => {
  it("refuses tenant A's signature on tenant B's URL, and another tenant's id in the path", async () => {
    const countA = (await financingEventsOf(h.landlordId)).length;
    const countB = (await financingEventsOf(h.otherTenantId)).length;
    expect((await deliver('loan.funded', { host: OTHER_HOST, tenantId: h.otherTenantId, key: KEY_A })).response.status).toBe(400);
    // A's own signature and path, posted on B's domain: the path names a tenant this host is not.
    expect((await deliver('loan.funded', { host: OTHER_HOST, tenantId: h.landlordId, key: KEY_A })).response.status).toBe(404);
    expect((await deliver('loan.funded', { host: HOST, tenantId: h.otherTenantId, key: KEY_B })).response.status).toBe(404);
    expect((await financingEventsOf(h.landlordId)).length).toBe(countA);
    expect((await financingEventsOf(h.otherTenantId)).length).toBe(countB);

    const own = await deliver('loan.funded', { host: OTHER_HOST, tenantId: h.otherTenantId, key: KEY_B });
    expect(own.response.status).toBe(200);
    const theirs = (await other.get('/api/v1/events?type=loan.funded&limit=100')).body.data as EventRow[];
    expect(theirs.map((r) => r.provider_event_id)).toEqual([own.id]);
    expect(theirs[0]?.url).toBe(`/api/v1/webhooks/financing-provider/${h.otherTenantId}`);
    const ours = (await admin.get('/api/v1/events?limit=100')).body.data as EventRow[];
    expect(ours.some((r) => r.provider_event_id === own.id)).toBe(false);
  });

  it("a business user cannot read the lender's events; another business's owner neither", async () => {
    const owner = await signUpAndSignIn(h, { name: 'Loan Owner', email: 'loanowner@example.com', business_name: 'Loans Co' });
    const otherOwner = await signUpAndSignIn(h, { name: 'Other Owner', email: 'otherloanowner@example.com', business_name: 'Other Loans Co' });
    const rows = (await admin.get('/api/v1/events?type=loan.funded')).body.data as EventRow[];
    for (const client of [owner, otherOwner]) {
      expect((await client.get('/api/v1/events')).status).toBe(403);
      expect((await client.get(`/api/v1/events/${rows[0]?.id}`)).status).toBe(403);
    }
  });
});
