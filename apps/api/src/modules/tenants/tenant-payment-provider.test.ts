import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/contracts';
import { type FakeStripe, startFakeStripe } from '@app/fakes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { signUpAndSignIn } from '../../../test/sign-up';
import { tenants } from '../../db/schema';

let h: Harness;
let stripe: FakeStripe;
let landlord: TestClient;

type TenantData = Record<string, unknown> & { id: string };

async function otherTenantForm(): Promise<TenantData> {
  return (await landlord.get(`/api/central/tenants/${h.otherTenantId}`)).body.data as TenantData;
}

/** The tenant form as the landlord saves it, with the given payment-provider fields. */
function formWith(current: TenantData, provider: Record<string, string>) {
  return {
    name: current.name,
    domains: current.domains,
    theme_color: current.theme_color,
    financing_product_ids: [],
    payment_provider_key: '',
    payment_provider_secret: '',
    payment_provider_webhook_secret: '',
    ...provider,
  };
}

beforeAll(async () => {
  stripe = await startFakeStripe();
  h = await createHarness({ env: { PAYMENT_PROVIDER_API_BASE: stripe.url } });
  landlord = h.client();
  await landlord.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await h.close();
  await stripe.close();
});

describe("a tenant's payment provider", () => {
  it('has payouts not available and no publishable key while none is configured', async () => {
    const owner = await signUpAndSignIn(h, { name: 'Plain Owner', email: 'plain@example.com', business_name: 'Plain Co' });
    const boot = await owner.get('/api/v1/bootstrap');
    expect(boot.status).toBe(200);
    expect(boot.body).toMatchObject({ payment_provider_public_key: null, connections: { payment_provider: 'NOT_CONNECTED' } });
  });

  it('refuses a key the provider rejects with the spec message on the secret field, storing nothing', async () => {
    const current = await otherTenantForm();
    const refused = await landlord.put(`/api/central/tenants/${h.otherTenantId}`, formWith(current, { payment_provider_key: stripe.publishableKey, payment_provider_secret: 'sk_test_not_a_key_the_provider_knows', payment_provider_webhook_secret: stripe.webhookSecret }));
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).payment_provider_secret).toEqual([messages.invalidProviderKey]);
    expect(refused.body.message).toBe(messages.invalidProviderKey);
    const [row] = await h.app.db.select().from(tenants).where(eq(tenants.id, h.otherTenantId));
    expect(row).toMatchObject({ paymentProviderKey: null, paymentProviderSecret: null, paymentProviderWebhookSecret: null });

    const created = await landlord.post('/api/central/tenants', {
      ...formWith(current, { payment_provider_key: stripe.publishableKey, payment_provider_secret: 'sk_test_also_refused' }),
      name: 'Refused Tenant',
      domains: ['refused.test'],
      admin_email: 'admin@refused.test',
    });
    expect(errorsOf(created).payment_provider_secret).toEqual([messages.invalidProviderKey]);
    expect((await h.app.db.select().from(tenants).where(eq(tenants.name, 'Refused Tenant'))).length).toBe(0);
  });

  it("stores the provider's good key sealed and masked; bootstrap then carries the publishable key", async () => {
    const current = await otherTenantForm();
    const saved = await landlord.put(`/api/central/tenants/${h.otherTenantId}`, formWith(current, { payment_provider_key: stripe.publishableKey, payment_provider_secret: stripe.secretKey, payment_provider_webhook_secret: stripe.webhookSecret }));
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(stripe.secretKey);
    expect(JSON.stringify(saved.body)).not.toContain(stripe.webhookSecret);
    expect((saved.body.data as TenantData).payment_provider_secret).toMatch(/\*\*\*\*/);
    const [row] = await h.app.db.select().from(tenants).where(eq(tenants.id, h.otherTenantId));
    expect(h.app.secretBox.open(row?.paymentProviderSecret ?? '')).toBe(stripe.secretKey);

    const other = h.client(OTHER_HOST);
    await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
    const boot = await other.get('/api/v1/bootstrap');
    expect(boot.body).toMatchObject({ payment_provider_public_key: stripe.publishableKey, connections: { payment_provider: 'CONNECTED' } });
    // The landlord's tenant has no provider: its bootstrap still carries none.
    expect((await landlord.get('/api/v1/bootstrap')).body.payment_provider_public_key).toBeNull();

    // Saving again with the masked secret keeps it without asking the provider.
    await stripe.close();
    const kept = await landlord.put(`/api/central/tenants/${h.otherTenantId}`, formWith(current, { payment_provider_key: stripe.publishableKey, payment_provider_secret: String((saved.body.data as TenantData).payment_provider_secret) }));
    expect(kept.status).toBe(200);
    const [after] = await h.app.db.select().from(tenants).where(eq(tenants.id, h.otherTenantId));
    expect(h.app.secretBox.open(after?.paymentProviderSecret ?? '')).toBe(stripe.secretKey);
    stripe = await startFakeStripe();
  });

  it('refuses a new secret when the provider cannot be reached', async () => {
    const unreachable = await createHarness({ env: { PAYMENT_PROVIDER_API_BASE: 'http://127.0.0.1:9' } });
    try {
      const admin = unreachable.client();
      await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const current = (await admin.get(`/api/central/tenants/${unreachable.otherTenantId}`)).body.data as TenantData;
      const refused = await admin.put(`/api/central/tenants/${unreachable.otherTenantId}`, formWith(current, { payment_provider_key: 'pk_test_x', payment_provider_secret: 'sk_test_unreachable' }));
      expect(errorsOf(refused).payment_provider_secret).toEqual([messages.invalidProviderKey]);
    } finally {
      await unreachable.close();
    }
  });
});
