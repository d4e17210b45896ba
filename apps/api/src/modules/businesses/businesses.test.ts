import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { signUpAndSignIn } from '../../../test/sign-up';
import { auditOf } from '../../../test/catalog';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
let owner: TestClient;
let businessId: string;

beforeAll(async () => {
  h = await createHarness();
  owner = h.client();
  await owner.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  const created = await owner.post('/api/v1/businesses/create', { name: 'Acme Trading', business_type: 'company', business_structure: 'private_corporation', currency_id: 1 });
  expect(created.status).toBe(201);
  businessId = (created.body.data as { id: string }).id;
  owner.business = businessId;
});
afterAll(async () => {
  await h.close();
});

describe('business header', () => {
  it('is required for business routes, with the spec message', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const missing = await c.put('/api/v1/business', { name: 'X Business' });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ message: messages.businessHeaderMissing });
    c.business = '00000000-0000-7000-8000-000000000000';
    expect((await c.put('/api/v1/business', { name: 'X Business' })).body).toEqual({ message: messages.businessHeaderMissing });
  });

  it('refuses a business the user is not a member of', async () => {
    const stranger = await signUpAndSignIn(h, { name: 'Stranger Person', email: 'stranger@example.com', business_name: 'Stranger Co' });
    stranger.business = businessId;
    const response = await stranger.get('/api/v1/business');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: messages.businessHeaderMissing });
    expect((await stranger.put('/api/v1/business', { name: 'Taken Over' })).status).toBe(403);
    expect((await owner.get('/api/v1/business')).body.data).toMatchObject({ name: 'Acme Trading' });
  });
});

describe('GET/PUT /business', () => {
  it('reads and updates the selected business', async () => {
    const read = await owner.get('/api/v1/business');
    expect(read.body.data).toMatchObject({ id: businessId, name: 'Acme Trading', currency_id: 1, is_customer: true, is_vendor: true });
    const updated = await owner.put('/api/v1/business', { name: 'Acme Trading Ltd', phone: '555 010 2000', website: 'acme.example.com' });
    expect(updated.body.data).toMatchObject({ name: 'Acme Trading Ltd', website: 'https://acme.example.com/' });
    const bad = await owner.put('/api/v1/business', { name: '', currency_id: 99999, slug: 'has space' });
    expect(errorsOf(bad).name?.[0]).toBe(messages.required);
    expect(errorsOf(bad).slug?.[0]).toBe(messages.slugFormat);
    const currency = await owner.put('/api/v1/business', { name: 'Acme Trading Ltd', currency_id: 99999 });
    expect(errorsOf(currency).currency_id?.[0]).toBe(messages.invalidCurrency);
    await owner.put('/api/v1/business', { name: 'Acme Trading' });
  });

  it('a partial update leaves the omitted fields as they were', async () => {
    await owner.put('/api/v1/business', { name: 'Acme Trading', business_type: 'individual', business_structure: 'sole_proprietorship', is_customer: false, currency_id: 2 });
    const renamed = await owner.put('/api/v1/business', { name: 'Acme Renamed' });
    expect(renamed.body.data).toMatchObject({ name: 'Acme Renamed', business_type: 'individual', business_structure: 'sole_proprietorship', is_customer: false, currency_id: 2 });
    await owner.put('/api/v1/business', { name: 'Acme Trading', business_type: 'company', business_structure: 'private_corporation', is_customer: true, currency_id: 1 });
  });

  it('business settings are read and merged', async () => {
    const before = await owner.get('/api/v1/business/settings');
    expect(before.body).toMatchObject({ time_zone: 'UTC', invoice_due_date_days: 30 });
    const saved = await owner.post('/api/v1/settings', { settings: { time_zone: 'Europe/Berlin', invoice_due_date_days: 14 } });
    expect(saved.body).toMatchObject({ success: true, settings: { time_zone: 'Europe/Berlin', invoice_due_date_days: 14, tax_per_item_enabled: false } });
  });
});

describe('creating businesses and the switcher list', () => {
  it('creates a business owned by the caller and lists companies with paging', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const second = await c.post('/api/v1/businesses/create', { name: 'Beta Works', slug: 'beta-works' });
    expect(second.status).toBe(201);
    const dup = await c.post('/api/v1/businesses/create', { name: 'Beta Works Again', slug: 'beta-works' });
    expect(errorsOf(dup).slug?.[0]).toBe('The slug has already been taken.');
    const page = await c.get('/api/v1/business/user/companies?page=0&limit=10');
    expect(page.status).toBe(200);
    const names = (page.body.data as { name: string; role: string }[]).map((b) => b.name);
    expect(names).toEqual(['Acme Trading', 'Beta Works']);
    expect((page.body.meta as { total: number }).total).toBe(2);
    const invalid = await c.post('/api/v1/businesses/create', { name: 'X' });
    expect(errorsOf(invalid).name?.[0]).toBe(messages.nameMin);
  });
});

describe('business addresses', () => {
  const billing = { name: 'Acme HQ', phone: '555 010 3000', address_street_1: '1 Main St', address_street_2: '', city: 'Springfield', state: 'IL', country_id: 231, zip: '62701' };
  const shipping = { address_street_1: '9 Dock Rd', city: 'Springfield', country_id: 231 };
  const noAddress = { name: null, phone: null, address_street_1: null, address_street_2: null, city: null, state: null, country_id: null, zip: null };

  it('sets, keeps and clears the billing and shipping addresses, audited', async () => {
    const saved = await owner.put('/api/v1/business', { name: 'Acme Trading', billing_address: billing, shipping_address: shipping });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ billing_address: { ...billing, address_street_2: null }, shipping_address: { ...noAddress, ...shipping } });
    expect((await owner.get('/api/v1/business')).body.data).toMatchObject({ billing_address: { city: 'Springfield', zip: '62701' } });
    const [entry] = await auditOf(owner, 'business');
    expect(entry?.changes.billing_address).toEqual({ before: null, after: { ...billing, address_street_2: null } });

    const renamed = await owner.put('/api/v1/business', { name: 'Acme Trading' });
    expect(renamed.body.data).toMatchObject({ billing_address: { city: 'Springfield' }, shipping_address: { address_street_1: '9 Dock Rd' } });

    const cleared = await owner.put('/api/v1/business', { name: 'Acme Trading', billing_address: null, shipping_address: { address_street_1: ' ', city: '' } });
    expect(cleared.body.data).toMatchObject({ billing_address: null, shipping_address: null });
    const bootstrap = await owner.get('/api/v1/bootstrap');
    expect(bootstrap.body.current_business).toMatchObject({ billing_address: null, shipping_address: null });
  });

  it('settings → address information changes the addresses alone, refuses an incomplete one, and touches no other business', async () => {
    const other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Acme Other');
    const before = (await owner.get('/api/v1/business')).body.data as Record<string, unknown>;
    const saved = await owner.put('/api/v1/business/addresses', { billing_address: billing, shipping_address: null });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ name: before.name, email: before.email, billing_address: { city: 'Springfield' }, shipping_address: null });
    expect(errorsOf(await owner.put('/api/v1/business/addresses', { billing_address: { city: 'Springfield' } })).billing_address?.[0]).toBe(messages.incompleteAddress);
    // Left out, the shipping address stays as it is.
    const billingOnly = await owner.put('/api/v1/business/addresses', { shipping_address: shipping });
    expect(billingOnly.body.data).toMatchObject({ billing_address: { city: 'Springfield' }, shipping_address: { address_street_1: '9 Dock Rd' } });
    expect((await other.get('/api/v1/business')).body.data).toMatchObject({ billing_address: null, shipping_address: null });
    const viewer = await inviteAndAccept(h, owner, 'viewer@acme-trading.example.com', 'viewer');
    expect((await viewer.put('/api/v1/business/addresses', { billing_address: null })).status).toBe(403);
  });

  it('refuses an incomplete address or an unknown country and keeps the stored one', async () => {
    await owner.put('/api/v1/business', { name: 'Acme Trading', billing_address: billing });
    const incomplete = await owner.put('/api/v1/business', { name: 'Acme Trading', billing_address: { city: 'Springfield' } });
    expect(incomplete.status).toBe(422);
    expect(errorsOf(incomplete).billing_address?.[0]).toBe(messages.incompleteAddress);
    const country = await owner.put('/api/v1/business', { name: 'Acme Trading', shipping_address: { ...shipping, country_id: 99999 } });
    expect(errorsOf(country)['shipping_address.country_id']?.[0]).toBe(messages.invalidCountry);
    expect((await owner.get('/api/v1/business')).body.data).toMatchObject({ billing_address: { address_street_1: '1 Main St' } });
  });

  it('needs edit-business-information: an admin of the business is refused and nothing changes', async () => {
    const admin = await inviteAndAccept(h, owner, 'admin@acme-trading.example.com', 'admin');
    const before = (await owner.get('/api/v1/business')).body.data;
    const refused = await admin.put('/api/v1/business', { name: 'Admin Renamed', billing_address: shipping });
    expect(refused.status).toBe(403);
    const upload = await admin.post('/api/v1/business/upload-logo', {});
    expect(upload.status).toBe(403);
    expect((await owner.get('/api/v1/business')).body.data).toEqual(before);
  });

  it("another tenant's business cannot be selected to change it", async () => {
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Trading', OTHER_HOST);
    const before = (await owner.get('/api/v1/business')).body.data;
    const ownBusiness = foreign.business;
    foreign.business = businessId;
    const refused = await foreign.put('/api/v1/business', { name: 'Taken Over', billing_address: shipping });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: messages.businessHeaderMissing });
    foreign.business = ownBusiness;
    expect((await foreign.get('/api/v1/business')).body.data).toMatchObject({ name: 'Foreign Trading', billing_address: null });
    expect((await owner.get('/api/v1/business')).body.data).toEqual(before);
  });
});
