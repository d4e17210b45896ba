import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '@app/fakes';
import { providerEvents, tenantDomains } from '../../db/schema';
import { createStripePaymentProvider, stripeApiBaseOf } from '../../platform/providers/stripe-payment-provider';
import type { PaymentProvider } from '../../platform/providers/payment-provider';
import { type Harness, createHarness } from '../../../test/harness';
import { connectPaymentProvider } from '../../../test/payment-provider';

/**
 * The fake Stripe delivers its events over HTTP to the app listening on 127.0.0.1, signed as
 * Stripe signs them: the whole path from a provider's delivery to a processed inbox row.
 */
let h: Harness;
let stripe: FakeStripe;
let provider: PaymentProvider;

async function settle(): Promise<void> {
  await stripe.control.settleDeliveries();
  await h.jobs.drain();
}

async function rowsOf(providerEventId: string) {
  return h.app.db.select().from(providerEvents).where(and(eq(providerEvents.tenantId, h.landlordId), eq(providerEvents.providerEventId, providerEventId)));
}

beforeAll(async () => {
  h = await createHarness();
  await h.server.listen({ host: '127.0.0.1', port: 0 });
  const address = h.server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // The fake names the app by its address, which the first start gives the landlord tenant.
  const [domain] = await h.app.db.select().from(tenantDomains).where(eq(tenantDomains.domain, '127.0.0.1'));
  expect(domain?.tenantId).toBe(h.landlordId);
  stripe = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${port}/api/v1/webhooks/payment-provider`, webhookRetryDelaysMs: [] });
  await connectPaymentProvider(h, h.landlordId, { key: stripe.publishableKey, secret: stripe.secretKey, webhookSecret: stripe.webhookSecret });
  provider = createStripePaymentProvider({ secretKey: stripe.secretKey, accountId: null }, stripeApiBaseOf(stripe.url));
});
afterAll(async () => {
  await stripe.close();
  await h.close();
});

describe("the provider's deliveries", () => {
  it('are accepted, stored once and processed; a redelivery changes nothing', async () => {
    const account = await provider.createPayoutAccount({ email: 'delivery@example.com', businessType: 'individual', metadata: {} }, 'payout-account:delivery-1');
    await provider.updatePayoutAccount(account.id, { individual: { firstName: 'Grace', lastName: 'Hopper' } }, 'payout-update:delivery-1:1');
    await settle();
    const updates = stripe.control.events().filter((e) => e.type === 'account.updated' && e.account === account.id);
    expect(updates.length).toBeGreaterThan(0);
    const deliveries = stripe.control.deliveries().filter((d) => updates.some((e) => e.id === d.eventId));
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    for (const event of updates) {
      const rows = await rowsOf(event.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ type: 'account.updated', account: account.id, status: 'processed', attempts: 1 });
    }

    const [first] = updates;
    if (!first) throw new Error('no account.updated event');
    const before = await rowsOf(first.id);
    stripe.control.redeliverEvent(first.id);
    await settle();
    expect(stripe.control.deliveries().filter((d) => d.eventId === first.id).every((d) => d.status === 200)).toBe(true);
    expect(await rowsOf(first.id)).toEqual(before);
  });

  it('stores events delivered out of order, each once', async () => {
    const account = await provider.createPayoutAccount({ email: 'reordered@example.com', businessType: 'individual', metadata: {} }, 'payout-account:delivery-2');
    await settle();
    stripe.control.holdDeliveries();
    await provider.updatePayoutAccount(account.id, { individual: { firstName: 'Katherine' } }, 'payout-update:delivery-2:1');
    await provider.updatePayoutAccount(account.id, { individual: { lastName: 'Johnson' } }, 'payout-update:delivery-2:2');
    stripe.control.releaseDeliveries('reversed');
    await settle();
    const updates = stripe.control.events().filter((e) => e.type === 'account.updated' && e.account === account.id);
    expect(updates.length).toBeGreaterThanOrEqual(2);
    for (const event of updates) expect(await rowsOf(event.id)).toHaveLength(1);
  });
});
