import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerEvents } from '../../db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { connectPaymentProvider, deliverWebhook, stripeEventBody, stripeSignature } from '../../../test/payment-provider';
import { signUpAndSignIn } from '../../../test/sign-up';
import { type InboxEvent, createProviderEventHandlers, createProviderEventService } from './provider-events.service';

const HOST = 'localhost';
const SECRET_A = 'whsec_tenant_a_0123456789abcdef';
const SECRET_B = 'whsec_tenant_b_fedcba9876543210';
/** A type only this test handles: it counts what the handler saw. */
const COUNTED = 'account.external_account.created';
/** A type whose handler fails until told otherwise. */
const FLAKY = 'account.external_account.updated';

let h: Harness;
let admin: TestClient;
let other: TestClient;
const handled: InboxEvent[] = [];
let flakyFails = true;

type EventRow = { id: string; event_name: string; provider_event_id: string; source: string; status: string; method: string; url: string; account: string | null };

async function storedFor(tenantId: string) {
  return h.app.db.select().from(providerEvents).where(eq(providerEvents.tenantId, tenantId));
}

async function deliver(type: string, options: { host?: string; secret?: string; at?: number; account?: string } = {}) {
  const event = stripeEventBody({ type, account: options.account ?? 'acct_1PayoutA' });
  const response = await deliverWebhook(h, options.host ?? HOST, event.body, stripeSignature(event.body, options.secret ?? SECRET_A, options.at));
  await h.jobs.drain();
  return { ...event, response };
}

beforeAll(async () => {
  const handlers = createProviderEventHandlers();
  handlers.register(COUNTED, async (_tx, event) => {
    handled.push(event);
  });
  handlers.register(FLAKY, async () => {
    if (flakyFails) throw new Error('the payout account could not be refreshed');
  });
  h = await createHarness({ providerEventHandlers: handlers });
  await connectPaymentProvider(h, h.landlordId, { key: 'pk_test_tenant_a', secret: 'sk_test_tenant_a', webhookSecret: SECRET_A });
  await connectPaymentProvider(h, h.otherTenantId, { key: 'pk_test_tenant_b', secret: 'sk_test_tenant_b', webhookSecret: SECRET_B });
  admin = h.client();
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  other = h.client(OTHER_HOST);
  await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await h.close();
});

describe('webhook intake', () => {
  it('stores a signed event once, processes it through its handler, and lists it', async () => {
    const before = handled.length;
    const { id, response } = await deliver(COUNTED);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ received: true });
    expect(handled.length).toBe(before + 1);
    expect(handled.at(-1)).toMatchObject({ providerEventId: id, type: COUNTED, account: 'acct_1PayoutA', tenantId: h.landlordId, object: { id: 'acct_1PayoutA', object: 'account' } });
    const rows = (await storedFor(h.landlordId)).filter((r) => r.providerEventId === id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'processed', attempts: 1, lastError: null, provider: 'stripe', livemode: false });
    expect(rows[0]?.processedAt).toBeInstanceOf(Date);

    const list = await admin.get(`/api/v1/events?type=${COUNTED}`);
    expect(list.status).toBe(200);
    const row = (list.body.data as EventRow[]).find((r) => r.provider_event_id === id);
    expect(row).toMatchObject({ event_name: COUNTED, source: 'stripe', status: 'processed', method: 'POST', url: '/api/v1/webhooks/payment-provider', account: 'acct_1PayoutA' });
    const detail = await admin.get(`/api/v1/events/${row?.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: row?.id, attempts: 1, last_error: null, payload: { id, type: COUNTED, data: { object: { id: 'acct_1PayoutA' } } } });
  });

  it('refuses a wrong signature, an old timestamp and a missing header with 400, storing nothing', async () => {
    const count = (await storedFor(h.landlordId)).length;
    const wrong = await deliver(COUNTED, { secret: 'whsec_not_the_tenants_secret' });
    expect(wrong.response.status).toBe(400);
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    const old = await deliver(COUNTED, { at: sixMinutesAgo });
    expect(old.response.status).toBe(400);
    const event = stripeEventBody({ type: COUNTED });
    const unsigned = await deliverWebhook(h, HOST, event.body, null);
    expect(unsigned.status).toBe(400);
    // The body is signed, then changed by one byte on the way.
    const tampered = stripeEventBody({ type: COUNTED, account: 'acct_1Honest' });
    const signature = stripeSignature(tampered.body, SECRET_A);
    expect((await deliverWebhook(h, HOST, tampered.body.replace('acct_1Honest', 'acct_1Forged'), signature)).status).toBe(400);
    expect((await storedFor(h.landlordId)).length).toBe(count);
  });

  it('answers a duplicate delivery 200 and changes nothing: one row, the handler ran once', async () => {
    const before = handled.length;
    const event = stripeEventBody({ type: COUNTED, account: 'acct_1Twice' });
    const first = await deliverWebhook(h, HOST, event.body, stripeSignature(event.body, SECRET_A));
    await h.jobs.drain();
    const [stored] = (await storedFor(h.landlordId)).filter((r) => r.providerEventId === event.id);
    // Stripe signs every attempt again, with the attempt's own timestamp.
    const second = await deliverWebhook(h, HOST, event.body, stripeSignature(event.body, SECRET_A, Math.floor(Date.now() / 1000) - 30));
    await h.jobs.drain();
    expect([first.status, second.status]).toEqual([200, 200]);
    const rows = (await storedFor(h.landlordId)).filter((r) => r.providerEventId === event.id);
    expect(rows).toEqual([stored]);
    expect(handled.length).toBe(before + 1);
  });

  it('marks an event nobody handles processed with nothing done', async () => {
    const before = handled.length;
    const { id, response } = await deliver('balance.available');
    expect(response.status).toBe(200);
    const [row] = (await storedFor(h.landlordId)).filter((r) => r.providerEventId === id);
    expect(row).toMatchObject({ status: 'processed', type: 'balance.available' });
    expect(handled.length).toBe(before);
  });

  it('records a failed run (attempts, last error) and a later run processes it', async () => {
    const { id } = await deliver(FLAKY);
    const [failed] = (await storedFor(h.landlordId)).filter((r) => r.providerEventId === id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastError: 'the payout account could not be refreshed', processedAt: null });
    const listed = await admin.get('/api/v1/events?status=failed');
    expect((listed.body.data as EventRow[]).map((r) => r.provider_event_id)).toContain(id);

    // What the job queue's retry does.
    flakyFails = false;
    const retryHandlers = createProviderEventHandlers();
    retryHandlers.register(FLAKY, async () => undefined);
    await createProviderEventService(h.app, retryHandlers).process(h.landlordId, failed?.id ?? '');
    const [done] = (await storedFor(h.landlordId)).filter((r) => r.providerEventId === id);
    expect(done).toMatchObject({ status: 'processed', attempts: 2, lastError: null });
  });

  it('refuses deliveries for a tenant with no webhook secret configured', async () => {
    await connectPaymentProvider(h, h.otherTenantId, { key: 'pk_test_tenant_b', secret: 'sk_test_tenant_b', webhookSecret: null });
    const refused = await deliver(COUNTED, { host: OTHER_HOST, secret: SECRET_B });
    expect(refused.response.status).toBe(400);
    await connectPaymentProvider(h, h.otherTenantId, { key: 'pk_test_tenant_b', secret: 'sk_test_tenant_b', webhookSecret: SECRET_B });
  });
});

describe('tenants and abilities', () => {
  it("refuses tenant A's signature on tenant B's host, and each tenant lists only its own events", async () => {
    const countB = (await storedFor(h.otherTenantId)).length;
    const crossed = await deliver(COUNTED, { host: OTHER_HOST, secret: SECRET_A });
    expect(crossed.response.status).toBe(400);
    expect((await storedFor(h.otherTenantId)).length).toBe(countB);

    const own = await deliver(COUNTED, { host: OTHER_HOST, secret: SECRET_B, account: 'acct_1PayoutB' });
    expect(own.response.status).toBe(200);
    const theirs = (await other.get('/api/v1/events?limit=100')).body.data as EventRow[];
    expect(theirs.map((r) => r.provider_event_id)).toEqual([own.id]);
    const ours = (await admin.get('/api/v1/events?limit=100')).body.data as EventRow[];
    expect(ours.some((r) => r.provider_event_id === own.id)).toBe(false);
    const ourId = ours[0]?.id ?? '';
    expect((await other.get(`/api/v1/events/${ourId}`)).status).toBe(404);
  });

  it('lists newest first, paged, filtered by type and status', async () => {
    const all = await admin.get('/api/v1/events?limit=2&page=1');
    expect(all.body.meta).toMatchObject({ per_page: 2, current_page: 1 });
    expect((all.body.data as EventRow[]).length).toBe(2);
    const total = (all.body.meta as { event_total_count: number }).event_total_count;
    expect(total).toBe((await storedFor(h.landlordId)).length);
    const byType = (await admin.get('/api/v1/events?type=balance.available')).body.data as EventRow[];
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.every((r) => r.event_name === 'balance.available')).toBe(true);
    const processed = (await admin.get('/api/v1/events?status=processed&limit=100')).body.data as EventRow[];
    expect(processed.every((r) => r.status === 'processed')).toBe(true);
    expect((await admin.get('/api/v1/events?status=lost')).status).toBe(422);
  });

  it('a business user and a platform user without view-event get 403', async () => {
    const owner = await signUpAndSignIn(h, { name: 'Event Owner', email: 'eventowner@example.com', business_name: 'Events Co' });
    expect((await owner.get('/api/v1/events')).status).toBe(403);
    const rows = (await admin.get('/api/v1/events')).body.data as EventRow[];
    expect((await owner.get(`/api/v1/events/${rows[0]?.id}`)).status).toBe(403);

    await h.app.db.execute(`update roles set abilities = '["view-business"]'::jsonb where name = 'support'`);
    const roles = (await admin.get('/api/v1/platform/roles?limit=100')).body.data as { id: string; name: string }[];
    const support = roles.find((r) => r.name === 'support');
    expect((await admin.post('/api/v1/platform/users', { email: 'noevents@example.com', role_id: support?.id })).status).toBe(201);
    const token = /accept-user-invitation\/([\w-]+)/.exec((await h.smtp.waitFor('noevents@example.com')).text)?.[1] ?? '';
    const guest = h.client();
    await guest.csrf();
    await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'No Events', password: 'N0-Events!Pass', password_confirmation: 'N0-Events!Pass' });
    const narrow = h.client();
    await narrow.login('noevents@example.com', 'N0-Events!Pass');
    expect((await narrow.get('/api/v1/events')).status).toBe(403);
    expect((await narrow.get(`/api/v1/events/${rows[0]?.id}`)).status).toBe(403);
  });
});
