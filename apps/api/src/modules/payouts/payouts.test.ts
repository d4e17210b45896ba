import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutMessages } from '@app/contracts';
import { type FakeStripe, TEST_ROUTING_NUMBER, startFakeStripe } from '@app/fakes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { CapturedLog, findCanaries } from '../../../test/canaries';
import { bankToken, connectToFakeStripe, onboardingOf, piiToken, settleEvents, wizardStep } from '../../../test/payouts';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { eventsOf } from '../../../test/webhook-events';
import { PDF, postForm } from '../attachments/test-files';
import { payoutOnboardingLinks } from '../../db/schema';

/** Canary values: they may reach the fake provider (as the browser sends them) and nowhere in the app. */
const ID_NUMBER = '876543219';
const ACCOUNT_NUMBER = '000246813579';

let fake: FakeStripe;
let h: Harness;
const serverLog = new CapturedLog();
let owner: TestClient;

const individualDetails = (idToken: string) => ({
  step: 'user_details',
  individual: {
    first_name: 'Jenny',
    last_name: 'Rosen',
    email: 'jenny@payouts.example.com',
    phone: '+14155550100',
    dob: '1990-01-15',
    address: { line1: '510 Townsend St', city: 'San Francisco', state: 'CA', postal_code: '94103' },
    ssn_last_4: '0000',
    id_number_token: idToken,
  },
});

/** Every step of an individual's account up to the review, with the documents and the bank token. */
async function completeWizard(client: TestClient, base = '/api/v1/business') {
  onboardingOf(await wizardStep(client, { step: 'account_details', business_type: 'individual', email: 'owner@payouts.example.com' }, base));
  onboardingOf(await wizardStep(client, individualDetails(await piiToken(fake, ID_NUMBER)), base));
  onboardingOf(await postForm(h, client, `${base}/onboarding/upload-documents`, [{ field: 'identity_document', fileName: 'passport.pdf', content: PDF, type: 'application/pdf' }]));
  onboardingOf(await wizardStep(client, { step: 'verify_documents' }, base));
  onboardingOf(await wizardStep(client, { step: 'business_information', business_profile: { mcc: '5734', url: 'https://payouts.example.com' } }, base));
  onboardingOf(await wizardStep(client, { step: 'bank_account', bank_account_token: await bankToken(fake, TEST_ROUTING_NUMBER, ACCOUNT_NUMBER) }, base));
  return onboardingOf(await wizardStep(client, { step: 'review_details', tos_accepted: true }, base));
}

beforeAll(async () => {
  // Checks finish only when the test says so: the state before and after the webhook is seen.
  fake = await startFakeStripe({ verificationDelayMs: null });
  h = await createHarness({ serverLog, env: { PAYMENT_PROVIDER_API_BASE: fake.url } });
  await connectToFakeStripe(h, fake, h.landlordId, 'localhost');
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Payout Traders');
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

describe('the payout wizard against the fake Stripe', () => {
  it('starts with the account step, then lists the steps the provider asks for', async () => {
    const start = onboardingOf(await owner.get('/api/v1/business/onboarding/requirements'));
    expect(start).toMatchObject({ available: true, test_mode: true, publishable_key: fake.publishableKey, account: null });
    // The browser loads Stripe.js from its canonical URL (the demo's setting is off).
    expect(start.provider_scripts).toEqual({ payment_provider: null, bank_link: null });
    expect(start.steps.map((s) => s.key)).toEqual(['account_details']);

    const first = onboardingOf(await wizardStep(owner, { step: 'account_details', business_type: 'individual', email: 'owner@payouts.example.com' }));
    expect(first.account?.provider_account_id).toMatch(/^acct_/);
    expect(first.account?.charges_enabled).toBe(false);
    // Nothing is due for a company, so its step is dropped; the first step stays, completed.
    expect(first.steps.map((s) => s.key)).toEqual(['account_details', 'user_details', 'verify_documents', 'business_information', 'bank_account', 'review_details']);
    expect(first.steps[0]).toMatchObject({ key: 'account_details', completed: true });
    expect(first.steps.find((s) => s.key === 'user_details')?.required_fields).toEqual(expect.arrayContaining(['individual.first_name', 'individual.dob.day', 'individual.id_number']));
    // The same account on a second first step: the idempotency key is the business's.
    expect(onboardingOf(await wizardStep(owner, { step: 'account_details', business_type: 'individual' })).account?.provider_account_id).toBe(first.account?.provider_account_id);
  });

  it('refuses a national ID number or a bank account number sent in clear', async () => {
    const raw = await wizardStep(owner, { step: 'user_details', individual: { id_number_token: ID_NUMBER } });
    expect(raw.status).toBe(422);
    expect(JSON.stringify(raw.body)).toContain(payoutMessages.tokenOnly);
    expect((await wizardStep(owner, { step: 'bank_account', bank_account_token: ACCOUNT_NUMBER })).status).toBe(422);
    expect((await wizardStep(owner, { step: 'bank_account', routing_number: TEST_ROUTING_NUMBER, account_number: ACCOUNT_NUMBER })).status).toBe(422);
    expect((await wizardStep(owner, { step: 'user_details', individual: { id_number: ID_NUMBER } })).status).toBe(422);
  });

  it("answers a provider's refusal with the provider's message", async () => {
    const refused = await wizardStep(owner, { step: 'bank_account', bank_account_token: 'btok_doesnotexist1234' });
    expect(refused.status).toBe(422);
    expect(String(refused.body.message)).toMatch(/btok_doesnotexist1234/);
  });

  it('shrinks the requirements as answers arrive and enables the account when the webhook reaches the inbox', async () => {
    const review = await completeWizard(owner);
    expect(review.account?.tos_accepted).toBe(true);
    expect(review.account?.bank_account).toMatchObject({ last4: ACCOUNT_NUMBER.slice(-4) });
    expect(review.account?.currently_due).toEqual([]);
    expect(review.account?.pending_verification.length).toBeGreaterThan(0);
    expect(review.account?.charges_enabled).toBe(false);
    await settleEvents(h, fake);
    expect(onboardingOf(await owner.get('/api/v1/business/stripe-account')).account?.charges_enabled).toBe(false);
    fake.control.completeVerification(review.account?.provider_account_id ?? '');
    await settleEvents(h, fake);
    const enabled = onboardingOf(await owner.get('/api/v1/business/stripe-account')).account;
    expect(enabled).toMatchObject({ charges_enabled: true, payouts_enabled: true, disabled_reason: null, errors: [] });
    // Each change of what the event publishes is one payout_account.updated for the business; the last says the account is enabled.
    const told = (await eventsOf(h, h.landlordId)).filter((event) => event.type === 'payout_account.updated');
    expect(told.length).toBeGreaterThan(0);
    expect(new Set(told.map((event) => event.businessId))).toEqual(new Set([owner.business]));
    expect(told.at(-1)?.data.payout_account).toEqual({ business_id: owner.business, account_id: enabled?.provider_account_id, charges_enabled: true, payouts_enabled: true, requirements_due: [] });
    // The last account.updated delivered again reads the same state: it tells nothing more.
    const last = fake.control.events().filter((event) => event.type === 'account.updated').at(-1);
    expect(last).toBeDefined();
    fake.control.redeliverEvent(last?.id ?? '');
    await settleEvents(h, fake);
    expect((await eventsOf(h, h.landlordId)).filter((event) => event.type === 'payout_account.updated')).toHaveLength(told.length);
  });
});

describe('a failed verification', () => {
  it("shows the provider's reason and the step to fix", async () => {
    const other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Failing Payouts');
    const first = onboardingOf(await wizardStep(other, { step: 'account_details', business_type: 'individual', email: 'failing@payouts.example.com' }));
    const accountId = first.account?.provider_account_id ?? '';
    onboardingOf(await wizardStep(other, individualDetails(await piiToken(fake, ID_NUMBER))));
    fake.control.failVerification(accountId, { reason: 'The ID number does not match the name.' });
    fake.control.completeVerification(accountId);
    await settleEvents(h, fake);
    const failed = onboardingOf(await other.get('/api/v1/business/onboarding/requirements'));
    expect(failed.account?.charges_enabled).toBe(false);
    expect(failed.account?.errors).toEqual([expect.objectContaining({ reason: 'The ID number does not match the name.', requirement: expect.stringMatching(/^individual\./) })]);
    expect(failed.steps.find((s) => s.key === 'user_details')).toMatchObject({ completed: true, required_fields: expect.arrayContaining(['individual.id_number']) });
  });
});

describe('who may see and change a payout account', () => {
  it("another business of the same tenant sees only its own (none); another tenant's has no provider", async () => {
    const mine = onboardingOf(await owner.get('/api/v1/business/stripe-account')).account?.provider_account_id;
    const sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Payouts');
    expect(onboardingOf(await sibling.get('/api/v1/business/stripe-account')).account).toBeNull();
    expect((await sibling.post('/api/v1/business/onboarding/refresh-account')).status).toBe(409);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Payouts', OTHER_HOST);
    const unavailable = onboardingOf(await foreign.get('/api/v1/business/onboarding/requirements'));
    expect(unavailable).toMatchObject({ available: false, account: null, steps: [], publishable_key: null });
    const refused = await wizardStep(foreign, { step: 'account_details', business_type: 'individual' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(payoutMessages.notAvailable);
    expect(onboardingOf(await owner.get('/api/v1/business/stripe-account')).account?.provider_account_id).toBe(mine);
  });

  it('needs manage-business-settings', async () => {
    const viewer = await inviteAndAccept(h, owner, 'viewer@payouts.example.com', 'viewer');
    expect((await viewer.get('/api/v1/business/onboarding/requirements')).status).toBe(403);
    expect((await wizardStep(viewer, { step: 'account_details', business_type: 'company' })).status).toBe(403);
    expect((await viewer.post('/api/v1/business/onboarding/link')).status).toBe(403);
  });
});

describe('the public onboarding link', () => {
  it('opens the wizard of exactly one business, in its tenant, until it expires', async () => {
    const linkOwner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Linked Payouts');
    const created = await linkOwner.post('/api/v1/business/onboarding/link');
    expect(created.status).toBe(201);
    const { url } = created.body.data as { url: string; expires_at: string };
    const token = url.split('/public/onboarding/')[1] ?? '';
    expect(token.length).toBeGreaterThan(30);
    const stored = await h.app.db.select().from(payoutOnboardingLinks);
    expect(JSON.stringify(stored)).not.toContain(token);

    const guest = h.client();
    await guest.csrf();
    const base = `/api/v1/public/onboarding/${token}`;
    const review = await completeWizard(guest, base);
    expect(review.account?.tos_accepted).toBe(true);
    // The link's business got the account; the owner's other business did not.
    expect(onboardingOf(await linkOwner.get('/api/v1/business/stripe-account')).account?.provider_account_id).toBe(review.account?.provider_account_id);
    expect(onboardingOf(await owner.get('/api/v1/business/stripe-account')).account?.provider_account_id).not.toBe(review.account?.provider_account_id);

    const foreignGuest = h.client(OTHER_HOST);
    await foreignGuest.csrf();
    expect((await foreignGuest.get(`${base}/onboarding/requirements`)).status).toBe(404);
    expect((await guest.get('/api/v1/public/onboarding/not-a-real-token-0123456789abcdef/onboarding/requirements')).status).toBe(404);

    await h.app.db.update(payoutOnboardingLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(payoutOnboardingLinks.tenantId, h.landlordId));
    const expired = await guest.get(`${base}/onboarding/requirements`);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(payoutMessages.linkExpired);
  });
});

describe('the ID number and the bank account number', () => {
  it('appear in no request log, API log or database column', async () => {
    await h.jobs.drain();
    await h.app.apiLog.flush();
    const { executor } = h.app.database;
    const columnRows = await executor.executeSql(
      "select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')",
    );
    const columns = z.array(z.object({ table_name: z.string(), column_name: z.string() })).parse(columnRows.rows);
    const sinks: Record<string, string> = { 'server log': serverLog.text() };
    for (const { table_name: table, column_name: column } of columns) {
      const found = await executor.executeSql(`select "${column}"::text as value from "${table}" where "${column}"::text like $1 or "${column}"::text like $2`, [`%${ID_NUMBER}%`, `%${ACCOUNT_NUMBER}%`]);
      sinks[`${table}.${column}`] = z.array(z.object({ value: z.string() })).parse(found.rows).map((row) => row.value).join('\n');
    }
    expect(Object.keys(sinks)).toEqual(expect.arrayContaining(['api_logs.request_body', 'payout_accounts.requirements']));
    expect(findCanaries(sinks, [{ label: 'ID number', value: ID_NUMBER }, { label: 'account number', value: ACCOUNT_NUMBER }])).toEqual([]);
  });
});
