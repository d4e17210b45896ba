import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { tenants } from '../src/db/schema';
import type { Harness } from './harness';

export type ProviderColumns = { key: string; secret: string; webhookSecret: string | null; accountId?: string | null };

/** Stores a tenant's payment-provider settings as a saved tenant form would (secrets sealed), without the key check. */
export async function connectPaymentProvider(h: Harness, tenantId: string, columns: ProviderColumns): Promise<void> {
  await h.app.db
    .update(tenants)
    .set({
      paymentProviderKey: columns.key,
      paymentProviderSecret: h.app.secretBox.seal(columns.secret),
      paymentProviderWebhookSecret: columns.webhookSecret ? h.app.secretBox.seal(columns.webhookSecret) : null,
      paymentProviderAccountId: columns.accountId ?? null,
    })
    .where(eq(tenants.id, tenantId));
  h.app.tenants.forget();
}

/** `Stripe-Signature` as Stripe writes it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function stripeSignature(body: string, secret: string, atSeconds = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${atSeconds}.${body}`).digest('hex');
  return `t=${atSeconds},v1=${v1}`;
}

let sequence = 0;

/** A Stripe event body as Stripe sends it (its exact bytes are what the signature covers). */
export function stripeEventBody(input: { type: string; account?: string; object?: Record<string, unknown>; id?: string }): { id: string; body: string } {
  sequence += 1;
  const id = input.id ?? `evt_test_${Date.now().toString(36)}_${sequence}`;
  const body = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type: input.type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    ...(input.account ? { account: input.account } : {}),
    data: { object: input.object ?? { id: input.account ?? 'acct_unknown', object: 'account' } },
  });
  return { id, body };
}

/** Posts a delivery to the tenant's webhook as the provider does: raw JSON bytes, no session. */
export async function deliverWebhook(h: Harness, host: string, body: string, signature: string | null) {
  const response = await h.server.inject({
    method: 'POST',
    url: '/api/v1/webhooks/payment-provider',
    headers: { host, 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
  return { status: response.statusCode, body: response.body };
}
