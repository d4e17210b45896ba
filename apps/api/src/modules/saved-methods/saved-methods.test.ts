import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type PaymentMethodLinkResource, type SavedPaymentMethodResource, savedPaymentMethodMessages } from '@app/contracts';
import { type FakeStripe } from '@app/fakes';
import { eq } from 'drizzle-orm';
import { paymentMethodLinks } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { sha256 } from '../../platform/crypto';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient } from '../../../test/harness';
import { createCustomer, onboardedCustomer } from '../../../test/documents';
import { type PaymentHarness, startPaymentHarness, verifyMicrodeposits } from '../../../test/online-payments';
import { callFakeStripe, settleEvents } from '../../../test/payouts';
import { confirmSetup, methodsOf, saveCard, setupIdOf, setupOf } from '../../../test/saved-methods';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { PUBLIC_LINK_RATE_LIMIT } from '../document-delivery/document-delivery.routes';
import { PAYMENT_METHOD_LINK_TTL_MS } from './payment-method-links.service';

/**
 * Saved payment methods and payment-method links against the fake Stripe: a method is saved only
 * from what the provider says (the verified `setup_intent.succeeded`, or the setup read back).
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

let online: PaymentHarness;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;

beforeAll(async () => {
  online = await startPaymentHarness({ clock });
  ({ h, fake } = online);
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Method Vendor');
  ({ client: buyer } = await onboardedCustomer(h, vendor, 'Method Buyer', 'ap@method-buyer.example'));
});
afterAll(() => online.close());
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

const settle = () => settleEvents(h, fake);

async function providerMethod(id: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${fake.url}/v1/payment_methods/${id}`, { headers: { authorization: `Bearer ${fake.secretKey}` } });
  return (await response.json()) as Record<string, unknown>;
}

describe('a customer business saves methods', () => {
  it('saves a card from the verified setup_intent.succeeded, lists it, switches the default and deletes', async () => {
    const owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Card Saver');
    expect(await methodsOf(owner)).toEqual([]);
    const setup = setupOf(await owner.post('/api/v1/business/payment-methods/setup', {}));
    expect(setup.publishable_key).toBe(fake.publishableKey);
    // Nothing is saved on the browser's word before the provider confirms it.
    const early = await owner.post('/api/v1/business/payment-methods/confirm', { setup_intent_id: setupIdOf(setup) });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(savedPaymentMethodMessages.setupNotFinished);

    expect((await confirmSetup(fake, setup, 'pm_card_visa')).status).toBe('succeeded');
    await settle();
    const [visa] = await methodsOf(owner);
    expect(visa).toMatchObject({ name: 'Visa •••• 4242', type: 'card', is_default: true });
    expect(visa?.expiry_date).toMatch(/^\d{2}\/\d{4}$/);
    // The browser's "done" after the webhook saves nothing twice.
    const again = await owner.post('/api/v1/business/payment-methods/confirm', { setup_intent_id: setupIdOf(setup) });
    expect(again.body.data).toMatchObject({ id: visa?.id });

    const mastercard = await saveCard(fake, owner, 'pm_card_mastercard');
    expect(mastercard).toMatchObject({ name: 'Mastercard •••• 4444', is_default: false });
    expect((await methodsOf(owner)).map((m) => [m.name, m.is_default])).toEqual([
      ['Visa •••• 4242', true],
      ['Mastercard •••• 4444', false],
    ]);
    const made = await owner.post(`/api/v1/business/payment-methods/${mastercard.id}/set-as-default`, {});
    expect(made.status).toBe(200);
    expect((await methodsOf(owner)).map((m) => [m.name, m.is_default])).toEqual([
      ['Mastercard •••• 4444', true],
      ['Visa •••• 4242', false],
    ]);

    const removed = await owner.delete(`/api/v1/business/payment-methods/${mastercard.id}`);
    expect(removed.status).toBe(200);
    expect((await methodsOf(owner)).map((m) => [m.name, m.is_default])).toEqual([['Visa •••• 4242', true]]);
    // Detached at the provider: it can no longer be charged.
    const events = fake.control.events().filter((e) => e.type === 'payment_method.detached');
    expect(events.length).toBe(1);
    const detachedId = 'id' in (events[0]?.data.object ?? {}) ? String((events[0]?.data.object as { id: string }).id) : '';
    expect((await providerMethod(detachedId)).customer).toBeNull();
    expect((await owner.delete(`/api/v1/business/payment-methods/${mastercard.id}`)).status).toBe(404);
  });

  it('saves a US bank account', async () => {
    const owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Bank Saver');
    const setup = setupOf(await owner.post('/api/v1/business/payment-methods/setup', {}));
    const confirmed = await callFakeStripe(fake, `/v1/setup_intents/${setupIdOf(setup)}/confirm`, setup.publishable_key, {
      client_secret: setup.client_secret,
      'payment_method_data[type]': 'us_bank_account',
      'payment_method_data[us_bank_account][routing_number]': '110000000',
      'payment_method_data[us_bank_account][account_number]': '000123456789',
      'payment_method_data[us_bank_account][account_holder_type]': 'company',
      'payment_method_data[billing_details][name]': 'Bank Saver',
      'mandate_data[customer_acceptance][type]': 'online',
    });
    // Typed by hand: nothing is saved until the payer proves the account with the microdeposit's code.
    expect(confirmed.status, JSON.stringify(confirmed)).toBe('requires_action');
    await settle();
    expect(await methodsOf(owner)).toEqual([]);
    expect(await verifyMicrodeposits(fake, setup, 'SM00XX')).toMatchObject({ error: { code: 'payment_method_microdeposit_verification_descriptor_code_mismatch' } });
    expect((await verifyMicrodeposits(fake, setup)).status).toBe('succeeded');
    await settle();
    expect(await methodsOf(owner)).toEqual([expect.objectContaining({ type: 'us_bank_account', expiry_date: null, is_default: true, name: expect.stringMatching(/•••• 6789$/) })]);
  });

  it('refuses other tenants, other businesses and members without the abilities', async () => {
    const card = await saveCard(fake, buyer);
    // Another business of the tenant sees none of it and cannot touch it, nor save through its setup.
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Stranger Methods');
    expect(await methodsOf(stranger)).toEqual([]);
    expect((await stranger.delete(`/api/v1/business/payment-methods/${card.id}`)).status).toBe(404);
    expect((await stranger.post(`/api/v1/business/payment-methods/${card.id}/set-as-default`, {})).status).toBe(404);
    const buyerSetup = setupOf(await buyer.post('/api/v1/business/payment-methods/setup', {}));
    await confirmSetup(fake, buyerSetup, 'pm_card_visa');
    setupOf(await stranger.post('/api/v1/business/payment-methods/setup', {}));
    expect((await stranger.post('/api/v1/business/payment-methods/confirm', { setup_intent_id: setupIdOf(buyerSetup) })).status).toBe(404);
    // Another tenant.
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Methods', OTHER_HOST);
    expect((await foreign.delete(`/api/v1/business/payment-methods/${card.id}`)).status).toBe(404);
    expect((await foreign.post(`/api/v1/business/payment-methods/${card.id}/set-as-default`, {})).status).toBe(404);
    expect((await foreign.post('/api/v1/business/payment-methods/confirm', { setup_intent_id: setupIdOf(buyerSetup) })).status).not.toBe(200);
    // A viewer of the customer business reads the list and changes nothing.
    const viewer = await inviteAndAccept(h, buyer, 'viewer@method-buyer.example', 'viewer');
    expect((await methodsOf(viewer)).some((m) => m.id === card.id)).toBe(true);
    expect((await viewer.post('/api/v1/business/payment-methods/setup', {})).status).toBe(403);
    expect((await viewer.post('/api/v1/business/payment-methods/confirm', { setup_intent_id: setupIdOf(buyerSetup) })).status).toBe(403);
    expect((await viewer.post(`/api/v1/business/payment-methods/${card.id}/set-as-default`, {})).status).toBe(403);
    expect((await viewer.delete(`/api/v1/business/payment-methods/${card.id}`)).status).toBe(403);
    expect((await methodsOf(buyer)).some((m) => m.id === card.id)).toBe(true);
  });
});

describe('payment-method links', () => {
  async function linkFor(customer: CounterpartyResource): Promise<{ link: PaymentMethodLinkResource; token: string }> {
    const response = await vendor.post(`/api/v1/customers/${customer.id}/payment-method-links`, {});
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const link = response.body.data as PaymentMethodLinkResource;
    return { link, token: link.url.split('/view/')[1] ?? '' };
  }

  async function asGuest(host?: string) {
    const guest = h.client(host);
    await guest.csrf();
    return guest;
  }

  it('saves one method for the vendor’s customer record, once', async () => {
    const customer = await createCustomer(vendor, 'Linked Buyer', 'ap@linked-buyer.example');
    const { link, token } = await linkFor(customer);
    expect(link.url).toMatch(/\/public\/payment-method-links\/view\/[\w-]{43}$/);
    expect(new Date(link.expires_at).getTime() - clock.now().getTime()).toBe(PAYMENT_METHOD_LINK_TTL_MS);
    const guest = await asGuest();
    const view = await guest.get(`/api/v1/public/payment-method-links/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ business_name: 'Method Vendor', customer_name: 'Linked Buyer', publishable_key: fake.publishableKey });

    const setup = setupOf(await guest.post(`/api/v1/public/payment-method-links/${token}/setup`, {}));
    // The link has one setup at a time: a second tab gets the same one.
    expect(setupOf(await guest.post(`/api/v1/public/payment-method-links/${token}/setup`, {})).client_secret).toBe(setup.client_secret);
    expect((await confirmSetup(fake, setup, 'pm_card_visa')).status).toBe('succeeded');
    const saved = await guest.post(`/api/v1/public/payment-method-links/${token}/confirm`, { setup_intent_id: setupIdOf(setup) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body.data as SavedPaymentMethodResource)).toMatchObject({ name: 'Visa •••• 4242', is_default: true });
    await settle();

    // Used: the page says so, and no second method can be saved through it.
    const used = await guest.get(`/api/v1/public/payment-method-links/${token}`);
    expect(used.status).toBe(410);
    expect(used.body.message).toBe(savedPaymentMethodMessages.linkUsed);
    expect((await guest.post(`/api/v1/public/payment-method-links/${token}/setup`, {})).status).toBe(410);
    // The method is the customer record's (the vendor's to charge), not the vendor's own.
    expect(await methodsOf(vendor)).toEqual([]);
  });

  it('expires after a week', async () => {
    const customer = await createCustomer(vendor, 'Late Buyer', 'ap@late-buyer.example');
    const { token } = await linkFor(customer);
    const guest = await asGuest();
    const setup = setupOf(await guest.post(`/api/v1/public/payment-method-links/${token}/setup`, {}));
    // A week on (the sessions' clock left alone): the link's expiry is now.
    await h.app.db.update(paymentMethodLinks).set({ expiresAt: clock.now() }).where(eq(paymentMethodLinks.tokenHash, sha256(token)));
    const expired = await guest.get(`/api/v1/public/payment-method-links/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(savedPaymentMethodMessages.linkExpired);
    expect((await guest.post(`/api/v1/public/payment-method-links/${token}/setup`, {})).status).toBe(410);
    expect((await guest.post(`/api/v1/public/payment-method-links/${token}/confirm`, { setup_intent_id: setupIdOf(setup) })).status).toBe(410);
    expect((await guest.get('/api/v1/public/payment-method-links/not-a-token')).status).toBe(404);
  });

  it('refuses other tenants, other businesses and members without the ability', async () => {
    const customer = await createCustomer(vendor, 'Guarded Buyer', 'ap@guarded-buyer.example');
    const { token } = await linkFor(customer);
    // The link opens in its own tenant only.
    const foreignGuest = await asGuest(OTHER_HOST);
    expect((await foreignGuest.get(`/api/v1/public/payment-method-links/${token}`)).status).toBe(404);
    expect((await foreignGuest.post(`/api/v1/public/payment-method-links/${token}/setup`, {})).status).toBe(404);
    // Only the vendor asks its own customers.
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Stranger Links');
    expect((await stranger.post(`/api/v1/customers/${customer.id}/payment-method-links`, {})).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Links', OTHER_HOST);
    expect((await foreign.post(`/api/v1/customers/${customer.id}/payment-method-links`, {})).status).toBe(404);
    const viewer = await inviteAndAccept(h, vendor, 'viewer@method-vendor.example', 'viewer');
    expect((await viewer.post(`/api/v1/customers/${customer.id}/payment-method-links`, {})).status).toBe(403);
    // A setup of another link is not this link's to confirm.
    const other = await linkFor(await createCustomer(vendor, 'Other Buyer', 'ap@other-buyer.example'));
    const guest = await asGuest();
    const otherSetup = setupOf(await guest.post(`/api/v1/public/payment-method-links/${other.token}/setup`, {}));
    await confirmSetup(fake, otherSetup, 'pm_card_visa');
    expect((await guest.post(`/api/v1/public/payment-method-links/${token}/confirm`, { setup_intent_id: setupIdOf(otherSetup) })).status).toBe(404);
  });
});
