import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankTokenRegistry, type FakePlaid, type FakeStripe, startFakePlaid, startFakeStripe } from '@app/fakes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { connectToFakeStripe, onboardingOf, wizardStep } from '../../../test/payouts';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { tenants } from '../../db/schema';

let stripe: FakeStripe;
let plaid: FakePlaid;
let h: Harness;
let owner: TestClient;

/** What Plaid Link does in the browser: opens the session for the link token and picks the first account. */
async function chooseAccountInLink(linkToken: string): Promise<{ publicToken: string; accountId: string }> {
  const post = async (path: string, body: Record<string, string>) => {
    const response = await fetch(`${plaid.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await response.json()) as Record<string, unknown>;
  };
  const opened = await post('/__fake/link/open', { link_token: linkToken });
  const accounts = opened.accounts as { id: string }[];
  const accountId = accounts[0]?.id ?? '';
  const done = await post('/__fake/link/complete', { link_token: linkToken, link_session_id: String(opened.link_session_id), account_id: accountId });
  return { publicToken: String(done.public_token), accountId };
}

async function linkToken(client: TestClient): Promise<string> {
  const answer = await client.post('/api/v1/business/onboarding/bank-link-token');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return String((answer.body.data as { link_token: string }).link_token);
}

beforeAll(async () => {
  const registry = new BankTokenRegistry();
  stripe = await startFakeStripe({ registry, verificationDelayMs: null });
  plaid = await startFakePlaid({ registry });
  h = await createHarness({ env: { PAYMENT_PROVIDER_API_BASE: stripe.url, BANK_LINK_API_BASE: plaid.url } });
  await connectToFakeStripe(h, stripe, h.landlordId, 'localhost');
  await h.app.db
    .update(tenants)
    .set({ bankLinkClientId: plaid.credentials.clientId, bankLinkSecret: h.app.secretBox.seal(plaid.credentials.secret), bankLinkEnvironment: 'sandbox' })
    .where(eq(tenants.id, h.landlordId));
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Bank Link Traders');
  onboardingOf(await wizardStep(owner, { step: 'account_details', business_type: 'individual', email: 'owner@banklink.example.com' }));
});
afterAll(async () => {
  await h.close();
  await plaid.close();
  await stripe.close();
});

describe('linking a bank for payouts', () => {
  it('exchanges the public token server-side and hands the processor token to the payment provider', async () => {
    expect(onboardingOf(await owner.get('/api/v1/business/onboarding/requirements')).bank_link_available).toBe(true);
    const chosen = await chooseAccountInLink(await linkToken(owner));
    const linked = onboardingOf(await owner.post('/api/v1/business/onboarding/bank-link-exchange', { public_token: chosen.publicToken, account_id: chosen.accountId }));
    expect(linked.account?.bank_account?.last4).toMatch(/^\d{4}$/);
    expect(linked.account?.currently_due).not.toContain('external_account');
    expect(linked.steps.find((step) => step.key === 'bank_account')).toMatchObject({ completed: true, required_fields: [] });
  });

  it("answers the bank-link provider's refusal with its message", async () => {
    const chosen = await chooseAccountInLink(await linkToken(owner));
    plaid.failNextExchange('EXPIRED_PUBLIC_TOKEN');
    const refused = await owner.post('/api/v1/business/onboarding/bank-link-exchange', { public_token: chosen.publicToken, account_id: chosen.accountId });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^provided public token is expired/);
  });

  it('is for the business with the payout account, with the ability, in a tenant with a bank-link provider', async () => {
    const sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'No Account Yet');
    const chosen = await chooseAccountInLink(await linkToken(sibling));
    expect((await sibling.post('/api/v1/business/onboarding/bank-link-exchange', { public_token: chosen.publicToken, account_id: chosen.accountId })).status).toBe(409);
    const viewer = await inviteAndAccept(h, owner, 'viewer@banklink.example.com', 'viewer');
    expect((await viewer.post('/api/v1/business/onboarding/bank-link-token')).status).toBe(403);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Bank Link', OTHER_HOST);
    expect((await foreign.post('/api/v1/business/onboarding/bank-link-token')).status).toBe(409);
  });
});
