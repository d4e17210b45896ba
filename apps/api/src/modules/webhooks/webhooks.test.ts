import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebhookEnvelope, type WebhookLogResource, type WebhookResource, WEBHOOK_RETRY_DELAYS_SECONDS, dataResponse, messages, outgoingEventDetailSchema, outgoingEventListResponseSchema, teamUserListResponseSchema } from '@app/contracts';
import { webhookDeliveries, webhookEvents } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, OTHER_ADMIN_EMAIL, OTHER_HOST, type TestClient, createHarness } from '../../../test/harness';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { type ReceivedDelivery, WebhookReceiver, verifiedBoth } from '../../../test/webhook-receiver';
import { createWebhookSweepJob } from './webhook-dispatcher';

const clock = fixedClock(new Date());
let h: Harness;
let receiver: WebhookReceiver;
let admin: TestClient;
let owner: TestClient;
let otherOwner: TestClient;
let otherTenantAdmin: TestClient;

beforeAll(async () => {
  h = await createHarness({ clock, env: { OUTBOUND_HTTP_ALLOWLIST: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '300' } });
  receiver = await new WebhookReceiver().start();
  admin = h.client();
  expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Hooks Business');
  otherOwner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Other Hooks Business');
  otherTenantAdmin = h.client(OTHER_HOST);
  expect((await otherTenantAdmin.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await h.close();
  await receiver.close();
});

type Created = { data: WebhookResource; secret: string };

async function createEndpoint(client: TestClient, area: 'platform' | 'business', path: string, events: string[] = ['*']): Promise<Created> {
  const created = await client.post(`/api/v1/${area}/webhooks`, { url: receiver.url(path), description: `Receiver ${path}`, events });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Created;
}

const customer = (businessId: string, name: string) => ({ customer: { id: crypto.randomUUID(), business_id: businessId, name, email: null, currency: 'USD', archived: false } });

/** A committed change of `businessId` that tells of a customer; the dispatcher runs. */
async function customerEvent(businessId: string, name: string, type: 'customer.created' | 'customer.updated' | 'customer.archived'): Promise<string> {
  const id = await inTenant(h.app.db, h.landlordId, (tx) => h.app.webhookEvents.record(tx, { tenantId: h.landlordId, businessId }, type, customer(businessId, name)));
  await h.jobs.drain();
  return id;
}

const customerCreated = (businessId: string, name: string) => customerEvent(businessId, name, 'customer.created');

/** Sessions idle for hours have ended when time jumps: the people sign in again, keeping their selected business. */
async function signInAgain(): Promise<void> {
  for (const client of [admin, owner, otherOwner]) expect((await client.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  expect((await otherTenantAdmin.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
}

/** Time moves on; the sweep queues the dispatcher of every tenant with deliveries due. */
async function later(ms: number): Promise<void> {
  clock.advance(ms);
  await createWebhookSweepJob(h.app).run();
  await h.jobs.drain();
  if (ms > 3_600_000) await signInAgain();
}

const envelopeOf = (delivery: ReceivedDelivery | undefined): WebhookEnvelope => JSON.parse(delivery?.body ?? '{}') as WebhookEnvelope;

async function logsOf(client: TestClient, area: string, id: string, status = 'all'): Promise<WebhookLogResource[]> {
  const response = await client.get(`/api/v1/${area}/webhooks/${id}/logs?status=${status}&limit=100`);
  expect(response.status).toBe(200);
  return response.body.data as WebhookLogResource[];
}

describe('webhook endpoints', () => {
  it('shows the signing secret once, on creation, and never again', async () => {
    const { data, secret } = await createEndpoint(admin, 'platform', '/secret-once');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const read = await admin.get(`/api/v1/platform/webhooks/${data.id}`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(secret.slice(6));
    const list = await admin.get('/api/v1/platform/webhooks');
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));
    expect((list.body.data as WebhookResource[]).map((row) => row.id)).toContain(data.id);
    expect((await admin.delete(`/api/v1/platform/webhooks/${data.id}`)).status).toBe(200);
  });

  it('refuses unknown events, unknown API versions and URLs that reach private addresses, in the spec messages', async () => {
    const bad = await admin.post('/api/v1/platform/webhooks', { url: receiver.url('/x'), events: ['invoice.teleported'] });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain(messages.invalidWebhookEvent);
    const version = await admin.post('/api/v1/platform/webhooks', { url: receiver.url('/x'), events: ['*'], api_version: '1999-01-01' });
    expect(version.status).toBe(422);
    for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/latest', 'http://[::1]:8080/hook', 'javascript:alert(1)']) {
      const refused = await admin.post('/api/v1/platform/webhooks', { url, events: ['*'] });
      expect(refused.status, url).toBe(422);
    }
    const empty = await admin.post('/api/v1/platform/webhooks', { url: receiver.url('/x'), events: [] });
    expect(empty.status).toBe(422);
  });

  it('delivers an event signed as Standard Webhooks, verified by the package and by an independent HMAC', async () => {
    const { data, secret } = await createEndpoint(admin, 'platform', '/signed', ['customer.created']);
    const eventId = await customerCreated(owner.business ?? '', 'Signed Customer');
    const [delivery] = receiver.at('/signed');
    expect(delivery).toBeDefined();
    if (!delivery) return;
    expect(verifiedBoth(delivery, secret, clock.now())).toBe(true);
    expect(verifiedBoth(delivery, 'whsec_' + Buffer.alloc(24, 7).toString('base64'), clock.now())).toBe(false);
    expect(delivery.headers['webhook-id']).toBe(eventId);
    expect(delivery.headers['content-type']).toBe('application/json');
    const envelope = envelopeOf(delivery);
    expect(envelope).toMatchObject({ id: eventId, type: 'customer.created', api_version: '2026-11-01', business_id: owner.business });
    expect(envelope.data).toMatchObject({ customer: { name: 'Signed Customer' } });
    const [log] = await logsOf(admin, 'platform', data.id);
    expect(log).toMatchObject({ event_id: eventId, event_type: 'customer.created', status: 'succeeded', response_status: 200, attempt: 1, trigger: 'scheduled', message_id: eventId });
    expect(log?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(log?.duration_ms).toBeLessThan(10_000);
    await admin.post(`/api/v1/platform/webhooks/${data.id}/disable`);
  });

  it('retries a 500, a timeout and a dropped connection on the schedule, each attempt signed afresh with the same webhook-id', async () => {
    const { data, secret } = await createEndpoint(admin, 'platform', '/flaky', ['customer.created']);
    receiver.script('/flaky', [500, 'hang', 'drop', 200]);
    const eventId = await customerCreated(owner.business ?? '', 'Flaky Customer');
    expect(receiver.at('/flaky')).toHaveLength(1);
    for (const [index, delaySeconds] of WEBHOOK_RETRY_DELAYS_SECONDS.slice(0, 3).entries()) {
      const [delivery] = await h.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
      const dueIn = (delivery?.nextAttemptAt?.getTime() ?? 0) - clock.now().getTime();
      // The schedule's delay, with up to a tenth of jitter on top.
      expect(dueIn).toBeGreaterThanOrEqual(delaySeconds * 1000);
      expect(dueIn).toBeLessThanOrEqual(delaySeconds * 1100);
      await later(dueIn - 1);
      expect(receiver.at('/flaky'), 'not before it is due').toHaveLength(index + 1);
      await later(1);
      expect(receiver.at('/flaky')).toHaveLength(index + 2);
    }
    const attempts = receiver.at('/flaky');
    expect(new Set(attempts.map((attempt) => attempt.headers['webhook-id']))).toEqual(new Set([eventId]));
    expect(new Set(attempts.map((attempt) => attempt.headers['webhook-signature'])).size).toBe(4);
    expect(new Set(attempts.map((attempt) => attempt.body)).size).toBe(1);
    const last = attempts.at(-1);
    expect(last && verifiedBoth(last, secret, clock.now())).toBe(true);

    const logs = await logsOf(admin, 'platform', data.id);
    expect(logs.map((log) => [log.attempt, log.status, log.response_status])).toEqual([
      [4, 'succeeded', 200],
      [3, 'failed', null],
      [2, 'failed', null],
      [1, 'failed', 500],
    ]);
    expect(logs[1]?.error).toBeTruthy();
    expect(logs[2]?.error).toMatch(/did not answer within 300 ms/);
    expect((await logsOf(admin, 'platform', data.id, 'failed')).map((log) => log.attempt)).toEqual([3, 2, 1]);
    expect((await logsOf(admin, 'platform', data.id, 'succeeded')).map((log) => log.attempt)).toEqual([4]);
    const failedDetail = await admin.get(`/api/v1/platform/webhooks/${data.id}/logs/${logs[3]?.id}`);
    expect(failedDetail.status).toBe(200);
    expect((failedDetail.body.data as { response_body: string }).response_body.length).toBeLessThanOrEqual(2048);
    expect(failedDetail.body.data).toMatchObject({ response_truncated: true, request_headers: { 'webhook-id': eventId }, url: receiver.url('/flaky') });
    const endpoint = (await admin.get(`/api/v1/platform/webhooks/${data.id}`)).body.data as WebhookResource;
    expect(endpoint.failing_since).toBeNull();
    await admin.post(`/api/v1/platform/webhooks/${data.id}/disable`);
  });

  it('records a refused connection as a failed attempt and stops after the last retry', async () => {
    const closed = await new WebhookReceiver().start();
    const url = closed.url('/gone');
    await closed.close();
    const created = await admin.post('/api/v1/platform/webhooks', { url, events: ['customer.created'] });
    expect(created.status).toBe(201);
    const id = (created.body as Created).data.id;
    const eventId = await customerCreated(owner.business ?? '', 'Nobody Home');
    // Every retry of the schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) comes due at its delay, up to a tenth later.
    for (const delay of WEBHOOK_RETRY_DELAYS_SECONDS) {
      const [pending] = await h.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
      const dueIn = (pending?.nextAttemptAt?.getTime() ?? 0) - clock.now().getTime();
      expect(dueIn).toBeGreaterThanOrEqual(delay * 1000);
      expect(dueIn).toBeLessThanOrEqual(delay * 1100);
      await later(dueIn);
    }
    const logs = await logsOf(admin, 'platform', id);
    expect(logs).toHaveLength(WEBHOOK_RETRY_DELAYS_SECONDS.length + 1);
    expect(logs.every((log) => log.status === 'failed' && log.response_status === null && log.error !== null)).toBe(true);
    const [delivery] = await h.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    const detail = await admin.get(`/api/v1/platform/outgoing-events/${eventId}`);
    expect(detail.body.data).toMatchObject({ status: 'failed', deliveries: [{ webhook_id: id, webhook_business_id: null, status: 'failed', attempts: 8 }] });
    await admin.delete(`/api/v1/platform/webhooks/${id}`);
  });

  it('replays a logged delivery with the same webhook-id, and sends nothing to a disabled endpoint', async () => {
    const { data } = await createEndpoint(admin, 'platform', '/replay', ['customer.created']);
    const eventId = await customerCreated(owner.business ?? '', 'Replayed Customer');
    const [log] = await logsOf(admin, 'platform', data.id);
    const replayed = await admin.post(`/api/v1/platform/webhooks/${data.id}/logs/${log?.id}/replay`);
    expect(replayed.status).toBe(202);
    await h.jobs.drain();
    const received = receiver.at('/replay');
    expect(received.map((delivery) => delivery.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect((await logsOf(admin, 'platform', data.id)).map((row) => row.trigger)).toEqual(['replay', 'scheduled']);

    expect((await admin.post(`/api/v1/platform/webhooks/${data.id}/disable`)).status).toBe(200);
    await customerCreated(owner.business ?? '', 'Unheard Customer');
    await later(60_000);
    expect(receiver.at('/replay')).toHaveLength(2);
    expect((await admin.post(`/api/v1/platform/webhooks/${data.id}/logs/${log?.id}/replay`)).status).toBe(409);
  });

  it('sends nothing for a change that rolled back', async () => {
    const { data } = await createEndpoint(admin, 'platform', '/rollback', ['customer.created']);
    const before = (await h.app.db.select().from(webhookEvents)).length;
    await expect(
      inTenant(h.app.db, h.landlordId, async (tx) => {
        await h.app.webhookEvents.record(tx, { tenantId: h.landlordId, businessId: owner.business }, 'customer.created', customer(owner.business ?? '', 'Never Was'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await h.jobs.drain();
    await later(10_000);
    expect((await h.app.db.select().from(webhookEvents)).length).toBe(before);
    expect(receiver.at('/rollback')).toHaveLength(0);
    await admin.post(`/api/v1/platform/webhooks/${data.id}/disable`);
  });

  it('records many events at once as record does: delivered when an endpoint wants them, stored as sent to nobody when none does', async () => {
    const many = (business: string, names: string[]) =>
      inTenant(h.app.db, h.landlordId, (tx) => h.app.webhookEvents.recordMany(tx, { tenantId: h.landlordId, businessId: business }, 'customer.created', names.map((name) => customer(business, name))));
    const storedFor = async (names: string[]) =>
      (await h.app.db.select().from(webhookEvents)).filter((row) => names.includes(String((row.data as { customer?: { name?: string } }).customer?.name)));
    const unwanted = ['Bulk Nobody 1', 'Bulk Nobody 2'];
    await many(otherOwner.business ?? '', unwanted);
    const notWaiting = await storedFor(unwanted);
    expect(notWaiting.map((row) => [row.type, row.businessId, row.apiVersion, row.fannedOutAt !== null])).toEqual(unwanted.map(() => ['customer.created', otherOwner.business, '2026-11-01', true]));

    const { data } = await createEndpoint(owner, 'business', '/bulk', ['customer.created']);
    const wanted = ['Bulk Wanted 1', 'Bulk Wanted 2', 'Bulk Wanted 3'];
    await many(owner.business ?? '', wanted);
    await h.jobs.drain();
    const delivered = receiver.at('/bulk').map((delivery) => envelopeOf(delivery));
    expect(delivered.map((envelope) => (envelope.data as { customer: { name: string } }).customer.name).sort()).toEqual(wanted);
    expect(new Set(delivered.map((envelope) => envelope.id))).toEqual(new Set((await storedFor(wanted)).map((row) => row.id)));
    // Another business's bulk events do not reach this business's endpoint.
    await many(otherOwner.business ?? '', ['Bulk Elsewhere']);
    await h.jobs.drain();
    expect(receiver.at('/bulk')).toHaveLength(wanted.length);
    await owner.post(`/api/v1/business/webhooks/${data.id}/disable`);
  });

  it('signs with both secrets while a rotation overlaps, then with the new one only', async () => {
    const { data, secret: first } = await createEndpoint(admin, 'platform', '/rotate', ['customer.created']);
    const rotated = await admin.post(`/api/v1/platform/webhooks/${data.id}/rotate-secret`, { overlap_hours: 1 });
    expect(rotated.status).toBe(200);
    const second = (rotated.body as Created).secret;
    expect(second).not.toBe(first);
    expect((rotated.body as Created).data.previous_secret_expires_at).not.toBeNull();
    await customerCreated(owner.business ?? '', 'Overlap Customer');
    const overlapping = receiver.at('/rotate').at(-1);
    expect(overlapping?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(overlapping && verifiedBoth(overlapping, first, clock.now())).toBe(true);
    expect(overlapping && verifiedBoth(overlapping, second, clock.now())).toBe(true);
    clock.advance(3_600_001);
    await signInAgain();
    await customerCreated(owner.business ?? '', 'After Overlap');
    const after = receiver.at('/rotate').at(-1);
    expect(after && verifiedBoth(after, first, clock.now())).toBe(false);
    expect(after && verifiedBoth(after, second, clock.now())).toBe(true);
    await admin.post(`/api/v1/platform/webhooks/${data.id}/disable`);
  });

  it('disables an endpoint that failed for five days, keeps it, and tells its creator', async () => {
    const { data } = await createEndpoint(admin, 'platform', '/down', ['customer.created']);
    receiver.script('/down', Array<number>(40).fill(503));
    await customerCreated(owner.business ?? '', 'Day One');
    for (let day = 1; day <= 5; day += 1) {
      await later(86_400_000);
      await customerCreated(owner.business ?? '', `Day ${day + 1}`);
    }
    const endpoint = (await admin.get(`/api/v1/platform/webhooks/${data.id}`)).body.data as WebhookResource;
    expect(endpoint).toMatchObject({ status: 'disabled', disabled_reason: 'Every delivery failed for 5 days.' });
    const mail = await h.smtp.waitFor(ADMIN_EMAIL, (message) => message.subject === 'A webhook endpoint was disabled');
    expect(mail.text).toContain(receiver.url('/down'));
    const count = receiver.at('/down').length;
    await customerCreated(owner.business ?? '', 'After Disable');
    await later(86_400_000);
    expect(receiver.at('/down')).toHaveLength(count);
    const enabled = await admin.post(`/api/v1/platform/webhooks/${data.id}/enable`);
    expect(enabled.body.data).toMatchObject({ status: 'enabled', disabled_reason: null, failing_since: null });
    await admin.delete(`/api/v1/platform/webhooks/${data.id}`);
  });
});

describe('editing endpoints and telling their keepers', () => {
  it('edits the URL, description, events and API version; refuses a private URL; deliveries follow the new events', async () => {
    const { data, secret } = await createEndpoint(owner, 'business', '/before-edit', ['customer.created']);
    const edited = await owner.put(`/api/v1/business/webhooks/${data.id}`, { url: receiver.url('/after-edit'), description: 'Edited receiver', events: ['customer.updated'], api_version: '2026-11-01' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ id: data.id, url: receiver.url('/after-edit'), description: 'Edited receiver', events: ['customer.updated'], api_version: '2026-11-01', status: 'enabled' });
    expect(JSON.stringify(edited.body)).not.toContain(secret.slice(6));
    expect((await owner.get(`/api/v1/business/webhooks/${data.id}`)).body.data).toMatchObject({ url: receiver.url('/after-edit'), events: ['customer.updated'] });

    const refused = await owner.put(`/api/v1/business/webhooks/${data.id}`, { url: 'http://169.254.169.254/latest', events: ['*'] });
    expect(refused.status).toBe(422);
    expect((await owner.put(`/api/v1/business/webhooks/${data.id}`, { url: receiver.url('/after-edit'), events: ['invoice.teleported'] })).status).toBe(422);
    expect((await owner.get(`/api/v1/business/webhooks/${data.id}`)).body.data).toMatchObject({ url: receiver.url('/after-edit'), events: ['customer.updated'] });

    await customerEvent(owner.business ?? '', 'Not Subscribed Any More', 'customer.created');
    const updatedId = await customerEvent(owner.business ?? '', 'Subscribed Now', 'customer.updated');
    expect(receiver.at('/before-edit')).toHaveLength(0);
    const received = receiver.at('/after-edit');
    expect(received.map((delivery) => delivery.headers['webhook-id'])).toEqual([updatedId]);
    // The secret is the endpoint's, not its URL's: it still signs after the edit.
    expect(received[0] && verifiedBoth(received[0], secret, clock.now())).toBe(true);
    await owner.delete(`/api/v1/business/webhooks/${data.id}`);
  });

  it("tells the business's owners when the member who made a failing endpoint has left the business", async () => {
    const keeper = await inviteAndAccept(h, owner, 'hooks-admin@hooks.example.com', 'admin');
    const { data } = await createEndpoint(keeper, 'business', '/orphaned', ['customer.created']);
    const members = teamUserListResponseSchema.parse((await owner.get(`/api/v1/users?search=${encodeURIComponent('hooks-admin@hooks.example.com')}`)).body).data;
    const memberId = members.find((member) => member.email === 'hooks-admin@hooks.example.com')?.id;
    expect((await owner.delete(`/api/v1/users/${memberId}`)).status).toBe(200);

    receiver.script('/orphaned', Array<number>(40).fill(503));
    await customerCreated(owner.business ?? '', 'Orphan Day One');
    for (let day = 1; day <= 5; day += 1) {
      await later(86_400_000);
      await customerCreated(owner.business ?? '', `Orphan Day ${day + 1}`);
    }
    expect((await owner.get(`/api/v1/business/webhooks/${data.id}`)).body.data).toMatchObject({ status: 'disabled' });
    const url = receiver.url('/orphaned');
    const told = await h.smtp.waitFor(ADMIN_EMAIL, (message) => message.subject === 'A webhook endpoint was disabled' && message.text.includes(url));
    expect(told.text).toContain('Hello');
    await h.app.outbox.sweep(0);
    expect(h.smtp.mails.filter((mail) => mail.to.includes('hooks-admin@hooks.example.com') && mail.text.includes(url))).toEqual([]);
    await owner.delete(`/api/v1/business/webhooks/${data.id}`);
  });

  it('filters the outgoing events by type and by delivery status', async () => {
    const filtering = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Filtered Events Business');
    const businessId = filtering.business ?? '';
    const healthy = await createEndpoint(filtering, 'business', '/filters-ok', ['customer.created']);
    const failing = await createEndpoint(filtering, 'business', '/filters-down', ['customer.updated']);
    receiver.script('/filters-down', [500]);
    const delivered = await customerEvent(businessId, 'Delivered', 'customer.created');
    const pending = await customerEvent(businessId, 'Retried Later', 'customer.updated');
    const unheard = await customerEvent(businessId, 'Nobody Listens', 'customer.archived');

    const idsOf = async (query: string): Promise<string[]> => {
      const answer = await filtering.get(`/api/v1/business/outgoing-events?limit=100&${query}`);
      expect(answer.status, query).toBe(200);
      return outgoingEventListResponseSchema.parse(answer.body).data.map((event) => event.id);
    };
    expect(await idsOf('')).toEqual(expect.arrayContaining([delivered, pending, unheard]));
    expect(await idsOf('type=customer.created')).toEqual([delivered]);
    expect(await idsOf('status=delivered')).toEqual([delivered]);
    expect(await idsOf('status=pending')).toEqual([pending]);
    expect(await idsOf('status=no_endpoints')).toEqual([unheard]);
    expect(await idsOf('status=failed')).toEqual([]);
    expect(await idsOf('type=customer.updated&status=delivered')).toEqual([]);
    expect((await filtering.get('/api/v1/business/outgoing-events?status=lost')).status).toBe(422);
    for (const endpoint of [healthy, failing]) await filtering.delete(`/api/v1/business/webhooks/${endpoint.data.id}`);
  });
});

describe('webhook scopes and abilities', () => {
  it("a business's endpoint receives its own events only; the tenant's receives every business's", async () => {
    const own = await createEndpoint(owner, 'business', '/business-own', ['customer.created']);
    const tenantWide = await createEndpoint(admin, 'platform', '/tenant-wide', ['customer.created']);
    await customerCreated(otherOwner.business ?? '', 'Other Business Customer');
    await customerCreated(owner.business ?? '', 'Own Customer');
    expect(receiver.at('/business-own').map((delivery) => envelopeOf(delivery).business_id)).toEqual([owner.business]);
    expect(receiver.at('/tenant-wide').map((delivery) => envelopeOf(delivery).business_id)).toEqual([otherOwner.business, owner.business]);
    const ownEvents = await owner.get('/api/v1/business/outgoing-events?limit=100');
    expect(ownEvents.status).toBe(200);
    expect((ownEvents.body.data as { business: { id: string } | null }[]).every((event) => event.business?.id === owner.business)).toBe(true);
    // The business sees its own endpoint's delivery of its event, never the tenant's endpoint (nor its URL); the admin sees both.
    const ownEventId = outgoingEventListResponseSchema.parse(ownEvents.body).data[0]?.id ?? '';
    const detailAnswer = dataResponse(outgoingEventDetailSchema);
    const ownDetail = detailAnswer.parse((await owner.get(`/api/v1/business/outgoing-events/${ownEventId}`)).body).data;
    expect(ownDetail.deliveries).toEqual([expect.objectContaining({ webhook_id: own.data.id, webhook_business_id: owner.business })]);
    const adminDetail = detailAnswer.parse((await admin.get(`/api/v1/platform/outgoing-events/${ownEventId}`)).body).data;
    expect(adminDetail.deliveries.map((delivery) => delivery.webhook_id).sort()).toEqual([own.data.id, tenantWide.data.id].sort());
    await admin.post(`/api/v1/platform/webhooks/${tenantWide.data.id}/disable`);
    await owner.delete(`/api/v1/business/webhooks/${own.data.id}`);
  });

  it('another business, another tenant and the platform area cannot reach a business endpoint (404)', async () => {
    const own = await createEndpoint(owner, 'business', '/private');
    expect((await otherOwner.get(`/api/v1/business/webhooks/${own.data.id}`)).status).toBe(404);
    expect((await otherOwner.put(`/api/v1/business/webhooks/${own.data.id}`, { url: receiver.url('/stolen'), events: ['*'] })).status).toBe(404);
    expect((await otherOwner.delete(`/api/v1/business/webhooks/${own.data.id}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/platform/webhooks/${own.data.id}`)).status).toBe(404);
    otherTenantAdmin.business = owner.business;
    // Not a member of a business of another tenant: refused before any lookup.
    expect((await otherTenantAdmin.get(`/api/v1/business/webhooks/${own.data.id}`)).status).toBe(403);
    otherTenantAdmin.business = null;
    expect((await otherTenantAdmin.get(`/api/v1/platform/webhooks/${own.data.id}`)).status).toBe(404);
    const events = await otherTenantAdmin.get('/api/v1/platform/outgoing-events?limit=100');
    expect(events.status).toBe(200);
    expect(events.body.data).toEqual([]);
    await owner.delete(`/api/v1/business/webhooks/${own.data.id}`);
  });

  it('a member without the webhook abilities is refused (403)', async () => {
    const viewer = await inviteAndAccept(h, owner, 'viewer@hooks.example.com', 'viewer');
    expect((await viewer.post('/api/v1/business/webhooks', { url: receiver.url('/viewer'), events: ['*'] })).status).toBe(403);
    expect((await viewer.get('/api/v1/business/webhooks')).status).toBe(403);
    expect((await owner.get('/api/v1/platform/webhooks')).status).toBe(200);
    viewer.business = null;
    expect((await viewer.get('/api/v1/platform/webhooks')).status).toBe(403);
    expect((await viewer.get('/api/v1/platform/outgoing-events')).status).toBe(403);
  });

  it('lists the catalogue with every event and its meaning', async () => {
    const catalogue = await admin.get('/api/v1/platform/webhook-events');
    expect(catalogue.status).toBe(200);
    const types = (catalogue.body.data as { type: string; description: string }[]).map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['invoice.paid', 'invoice.partially_paid', 'payment.refunded', 'loan.defaulted', 'recurring_invoice.generated', 'payout_account.updated']));
    expect(catalogue.body.api_versions).toEqual(['2026-11-01']);
  });
});
