import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookResource } from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { ownerWithBusiness } from '../../../test/team';
import { WebhookReceiver } from '../../../test/webhook-receiver';

/**
 * The dispatcher's limit per endpoint, with a receiver that answers each request only after
 * 100 ms and a timeout far above it (15 s, the default), so a loaded machine slows the run down
 * but never turns an attempt into a failure.
 */
let h: Harness;
let receiver: WebhookReceiver;
let admin: TestClient;
let businessId: string;

beforeAll(async () => {
  h = await createHarness({ env: { OUTBOUND_HTTP_ALLOWLIST: '127.0.0.1' } });
  receiver = await new WebhookReceiver().start();
  admin = h.client();
  expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  businessId = (await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Busy Vendor')).business ?? '';
}, 60_000);
afterAll(async () => {
  await h.close();
  await receiver.close();
});

async function endpoint(path: string): Promise<WebhookResource> {
  const created = await admin.post('/api/v1/platform/webhooks', { url: receiver.url(path), description: path, events: ['vendor.created'] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (created.body as { data: WebhookResource }).data;
}

describe('deliveries to one endpoint', () => {
  it('are at most four at once, while another endpoint gets its own beside them', async () => {
    const slow = await endpoint('/slow');
    await endpoint('/beside');
    receiver.answerAfter('/slow', 100);
    const vendors = Array.from({ length: 12 }, (_, index) => ({ vendor: { id: crypto.randomUUID(), business_id: businessId, name: `Vendor ${index}`, email: null, currency: 'USD', archived: false } }));
    await inTenant(h.app.db, h.landlordId, (tx) => h.app.webhookEvents.recordMany(tx, { tenantId: h.landlordId, businessId }, 'vendor.created', vendors));
    await h.jobs.drain();

    expect(receiver.at('/slow')).toHaveLength(12);
    expect(receiver.at('/beside')).toHaveLength(12);
    expect(receiver.peakOpen.get('/slow')).toBeGreaterThan(1);
    expect(receiver.peakOpen.get('/slow')).toBeLessThanOrEqual(4);
    const logs = await admin.get(`/api/v1/platform/webhooks/${slow.id}/logs?status=succeeded&limit=100`);
    expect((logs.body.data as unknown[]).length).toBe(12);
  });
});
