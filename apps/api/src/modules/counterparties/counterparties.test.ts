import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyListResponse, type CounterpartyResource, type SearchResponse, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { linkIn } from '../../../test/smtp';
import { auditLogs, businesses, users } from '../../db/schema';
import { onboardedCustomer } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
let owner: TestClient;
let sibling: TestClient;
let foreign: TestClient;

const PASSWORD = 'Onboard!Passw0rd';
const address = { name: 'HQ', phone: '555 123 4567', address_street_1: '1 Main St', address_street_2: null, city: 'Springfield', state: 'IL', country_id: 231, zip: '62701' };

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Acme Trading');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Works');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Ltd', OTHER_HOST);
});
afterAll(async () => {
  await h.close();
});

const dataOf = (body: Record<string, unknown>) => body.data as CounterpartyResource;
const listOf = (body: Record<string, unknown>) => body as unknown as CounterpartyListResponse;

async function create(client: TestClient, body: Record<string, unknown>, kind = 'customers'): Promise<CounterpartyResource> {
  const response = await client.post(`/api/v1/${kind}`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return dataOf(response.body);
}

async function businessCount(): Promise<number> {
  return (await h.app.db.select({ id: businesses.id }).from(businesses)).length;
}

/** The audit actions recorded for one record, oldest first. */
async function auditActions(modelId: string): Promise<string[]> {
  const rows = await h.app.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.modelId, modelId)).orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
  return rows.map((r) => r.action);
}

describe('creating customers', () => {
  it('records every field, both addresses and a linked counterparty business', async () => {
    const created = await create(owner, {
      name: 'Globex Corporation',
      display_name: 'Globex',
      contact_first_name: 'Hank',
      contact_last_name: 'Scorpio',
      email: 'Billing@Globex.example',
      phone: '(555) 010-2000',
      website: 'https://globex.example',
      currency_id: 2,
      billing_address: address,
      shipping_address: { ...address, name: 'Warehouse' },
      portal_access: true,
    });
    expect(created).toMatchObject({
      kind: 'customer',
      name: 'Globex Corporation',
      email: 'billing@globex.example',
      currency_id: 2,
      portal_access: true,
      status: 'active',
      amount_due: 0,
      creator_business_id: owner.business,
      customer_business: { name: 'Globex Corporation', email: 'billing@globex.example', owner_status: 'invited' },
      billing_address: address,
      shipping_address: { ...address, name: 'Warehouse' },
    });
    const fetched = await owner.get(`/api/v1/customers/${created.id}?expand=billingAddress`);
    expect(dataOf(fetched.body).billing_address).toEqual(address);
    expect(dataOf(fetched.body).shipping_address).toBeUndefined();
    expect(await auditActions(created.id)).toEqual(['created']);
  });

  it('defaults the currency to 1 and accepts a customer without an email', async () => {
    const created = await create(owner, { name: 'Walk-in Customer' });
    expect(created).toMatchObject({ currency_id: 1, email: null, customer_business: { owner_status: null } });
  });

  it('answers each bad field with the spec message', async () => {
    const bad = await owner.post('/api/v1/customers', {
      name: '',
      email: 'not-an-email',
      phone: 'call me',
      website: 'not a url',
      currency_id: 99999,
      billing_address: { city: 'Springfield' },
      shipping_address: { address_street_1: 'x'.repeat(256), city: 'A', country_id: 231 },
    });
    expect(bad.status).toBe(422);
    const errors = errorsOf(bad);
    expect(errors.name?.[0]).toBe(messages.required);
    expect(errors.email?.[0]).toBe(messages.incorrectEmail);
    expect(errors.phone?.[0]).toBe(messages.invalidPhone);
    expect(errors.website?.[0]).toBe('Invalid url (ex: example.com)');
    expect(errors.currency_id?.[0]).toBe(messages.invalidCurrency);
    expect(errors.billing_address?.[0]).toBe(messages.incompleteAddress);
    expect(errors['shipping_address.address_street_1']?.[0]).toBe(messages.maxLength255);
    expect(errorsOf(await owner.post('/api/v1/customers', { name: 'No Mail Co', send_invitation: true })).email?.[0]).toBe(messages.required);
  });

  it('links to the business that already has the email instead of creating another', async () => {
    const before = await businessCount();
    // The admin owns Acme and Sibling; from Sibling the email links to Acme (the oldest), never to itself.
    const fromSibling = await sibling.post('/api/v1/customers?preview=1', { email: 'admin@example.com' });
    // The preview says only that the record will be linked: not which business, nor its name or email.
    expect(fromSibling.body).toEqual({ business: { linked: true } });
    expect(await businessCount()).toBe(before);
    const linked = await create(sibling, { name: 'Acme As Customer', email: 'admin@example.com' });
    expect(linked.customer_business.id).toBe(owner.business);
    expect(await businessCount()).toBe(before);
    expect(errorsOf(await sibling.post('/api/v1/customers', { name: 'Acme Again', email: 'admin@example.com' })).email?.[0]).toBe(messages.emailTaken);
    const unknown = await owner.post('/api/v1/customers', { preview: true, email: 'nobody@nowhere.example' });
    expect(unknown.body).toEqual({ business: null });
  });

  it('refuses the business itself and unknown previews do not save', async () => {
    const self = await owner.post('/api/v1/customers', { name: 'Myself', email: 'admin@example.com' });
    // Acme's owner email belongs to Acme itself.
    expect(errorsOf(self).email?.[0]).toBe(messages.counterpartySelf);
    const count = listOf((await owner.get('/api/v1/customers')).body).meta.customer_total_count;
    await owner.post('/api/v1/customers', { preview: true, email: 'preview-only@example.com' });
    expect(listOf((await owner.get('/api/v1/customers')).body).meta.customer_total_count).toBe(count);
  });
});

describe('the customer preview', () => {
  it('is limited to 100 an hour per user and 300 an hour per business', async () => {
    const probe = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Preview Probe');
    const clerks = [
      await inviteAndAccept(h, probe, 'clerk-one@example.com', 'accountant'),
      await inviteAndAccept(h, probe, 'clerk-two@example.com', 'accountant'),
      await inviteAndAccept(h, probe, 'clerk-three@example.com', 'accountant'),
    ];
    const preview = (client: TestClient, i: number) => client.post('/api/v1/customers', { preview: true, email: `lookup-${i}@example.com` });
    for (const clerk of clerks) {
      for (let i = 0; i < 100; i += 1) expect((await preview(clerk, i)).status).toBe(200);
    }
    const [first] = clerks;
    if (!first) throw new Error('No clerk');
    const overUser = await preview(first, 100);
    expect(overUser.status).toBe(429);
    expect(Number(overUser.headers['retry-after'])).toBeGreaterThan(0);
    // The owner has used few of their own, but the business has used its 300.
    expect((await preview(probe, 0)).status).toBe(429);
    // The same owner previewing for another business is not affected.
    expect((await preview(owner, 0)).status).toBe(200);
  }, 60_000);
});

describe('listing customers', () => {
  it('searches, filters, sorts and pages on the server', async () => {
    await create(owner, { name: 'Zeta Supplies', email: 'zeta@example.com', phone: '555-999-0000', contact_first_name: 'Zora' });
    const list = listOf((await owner.get('/api/v1/customers?orderByField=name&orderBy=asc&limit=2')).body);
    expect(list.data.map((c) => c.name)).toEqual(['Globex Corporation', 'Walk-in Customer']);
    expect(list.meta).toMatchObject({ per_page: 2, current_page: 1, customer_total_count: list.meta.total });
    expect(listOf((await owner.get('/api/v1/customers?search=zora')).body).data.map((c) => c.name)).toEqual(['Zeta Supplies']);
    const filtered = listOf((await owner.get('/api/v1/customers?email=zeta&email_label=Zeta&phone=&currency_id=0.00')).body);
    expect(filtered.data.map((c) => c.name)).toEqual(['Zeta Supplies']);
    expect(listOf((await owner.get('/api/v1/customers?currency_id=2')).body).data.map((c) => c.name)).toEqual(['Globex Corporation']);
    expect(listOf((await owner.get('/api/v1/customers?status=archive')).body).data).toEqual([]);
    expect((await owner.get('/api/v1/customers?orderByField=password')).status).toBe(422);
  });
});

describe('editing, archiving and deleting', () => {
  it('updates its own record and audits it; another business or tenant gets 404', async () => {
    const record = await create(owner, { name: 'Initech', email: 'initech@example.com' });
    const updated = await owner.put(`/api/v1/customers/${record.id}`, { name: 'Initech LLC', email: 'initech@example.com', currency_id: 3, billing_address: address });
    expect(dataOf(updated.body)).toMatchObject({ name: 'Initech LLC', currency_id: 3, billing_address: address });
    expect(errorsOf(await owner.put(`/api/v1/customers/${record.id}`, { name: 'Initech LLC', billing_address: { zip: '1' } })).billing_address?.[0]).toBe(messages.incompleteAddress);
    expect((await sibling.get(`/api/v1/customers/${record.id}`)).status).toBe(404);
    expect((await sibling.put(`/api/v1/customers/${record.id}`, { name: 'Hijacked' })).status).toBe(404);
    expect((await foreign.put(`/api/v1/customers/${record.id}`, { name: 'Hijacked' })).status).toBe(404);
    expect((await owner.get(`/api/v1/vendors/${record.id}`)).status).toBe(404);
    expect(dataOf((await owner.get(`/api/v1/customers/${record.id}`)).body).name).toBe('Initech LLC');
    expect(await auditActions(record.id)).toEqual(['created', 'updated']);
  });

  it('bulk archive, unarchive and delete change only the selected business rows', async () => {
    const mine = [await create(owner, { name: 'Bulk One' }), await create(owner, { name: 'Bulk Two' })];
    const theirs = await create(sibling, { name: 'Sibling Customer' });
    const abroad = await create(foreign, { name: 'Foreign Customer' });
    const ids = [...mine.map((m) => m.id), theirs.id, abroad.id];
    expect((await owner.post('/api/v1/customers/archive', { ids })).body).toEqual({ success: true, count: 2 });
    expect(listOf((await owner.get('/api/v1/customers?status=archive')).body).data.map((c) => c.name).sort()).toEqual(['Bulk One', 'Bulk Two']);
    expect(dataOf((await sibling.get(`/api/v1/customers/${theirs.id}`)).body).status).toBe('active');
    expect(dataOf((await foreign.get(`/api/v1/customers/${abroad.id}`)).body).status).toBe('active');
    expect((await owner.post('/api/v1/customers/unarchive', { id: mine[0]?.id })).body).toEqual({ success: true, count: 1 });
    expect((await owner.post('/api/v1/customers/archive', { ids: [theirs.id, abroad.id] })).status).toBe(404);
    expect((await owner.post('/api/v1/customers/delete', { ids: [theirs.id, abroad.id] })).status).toBe(404);
    expect(errorsOf(await owner.post('/api/v1/customers/delete', { ids: [] })).ids?.[0]).toBe(messages.selectAtLeastOne);
    expect((await owner.post('/api/v1/customers/delete', { ids })).body).toEqual({ success: true, count: 2 });
    expect((await owner.get(`/api/v1/customers/${mine[0]?.id}`)).status).toBe(404);
    expect((await sibling.get(`/api/v1/customers/${theirs.id}`)).status).toBe(200);
    expect((await foreign.get(`/api/v1/customers/${abroad.id}`)).status).toBe(200);
    expect(await auditActions(mine[1]?.id ?? '')).toEqual(['created', 'updated', 'deleted']);
  });

  it('deleting a customer removes the network business made for it that nobody joined, and keeps one someone joined or another business names', async () => {
    const unclaimed = await create(owner, { name: 'Never Joined', email: 'never@joined.example' });
    const shared = await create(owner, { name: 'Shared One', email: 'shared@one.example' });
    const sharedElsewhere = await create(sibling, { name: 'Shared One', email: 'shared@one.example' });
    expect(sharedElsewhere.customer_business.id).toBe(shared.customer_business.id);
    const { customer: joined } = await onboardedCustomer(h, owner, 'Joined Co', 'joined@co.example');
    const before = await businessCount();

    expect((await owner.post('/api/v1/customers/delete', { ids: [unclaimed.id, shared.id, joined.id] })).body).toEqual({ success: true, count: 3 });
    const stillThere = async (id: string) => (await h.app.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, id))).length;
    expect(await stillThere(unclaimed.customer_business.id)).toBe(0);
    expect(await stillThere(shared.customer_business.id)).toBe(1);
    expect(await stillThere(joined.customer_business.id)).toBe(1);
    expect(await businessCount()).toBe(before - 1);
    expect(await h.app.db.select({ id: users.id }).from(users).where(eq(users.email, 'never@joined.example'))).toEqual([]);
    expect(await h.app.db.select({ id: users.id }).from(users).where(eq(users.email, 'joined@co.example'))).toHaveLength(1);
    expect((await sibling.get(`/api/v1/customers/${sharedElsewhere.id}`)).status).toBe(200);
    // The removal is in the deleting business's audit log.
    const audit = await h.app.db.select().from(auditLogs).where(and(eq(auditLogs.model, 'business'), eq(auditLogs.modelId, unclaimed.customer_business.id), eq(auditLogs.action, 'deleted')));
    expect(audit.map((entry) => entry.businessId)).toEqual([owner.business]);
  });
});

describe('abilities', () => {
  it('a viewer reads but cannot create; an accountant cannot delete', async () => {
    const viewer = await inviteAndAccept(h, owner, 'cp-viewer@example.com', 'viewer');
    expect((await viewer.get('/api/v1/customers')).status).toBe(200);
    expect((await viewer.post('/api/v1/customers', { name: 'Nope Inc' })).status).toBe(403);
    expect((await viewer.post('/api/v1/vendors', { name: 'Nope Inc' })).status).toBe(403);
    const accountant = await inviteAndAccept(h, owner, 'cp-accountant@example.com', 'accountant');
    const record = await create(accountant, { name: 'Accounted Co' });
    expect((await accountant.post('/api/v1/customers/delete', { id: record.id })).status).toBe(403);
    expect((await accountant.post('/api/v1/customers/archive', { id: record.id })).status).toBe(200);
  });
});

describe('vendors and the search', () => {
  it('vendors are a separate list with their own count; the header search finds both kinds', async () => {
    const vendor = await create(owner, { name: 'Paper Supplier', email: 'paper@example.com' }, 'vendors');
    expect(vendor.kind).toBe('vendor');
    const vendors = listOf((await owner.get('/api/v1/vendors')).body);
    expect(vendors.meta.vendor_total_count).toBe(1);
    expect(vendors.meta.customer_total_count).toBeUndefined();
    expect((await owner.get(`/api/v1/customers/${vendor.id}`)).status).toBe(404);
    const search = (await owner.get('/api/v1/search?search=pa')).body as SearchResponse;
    expect(search.vendors.map((v) => v.name)).toEqual(['Paper Supplier']);
    const globex = (await owner.get('/api/v1/search?search=globex')).body as SearchResponse;
    expect(globex.customers.map((c) => c.name)).toEqual(['Globex Corporation']);
    expect(((await sibling.get('/api/v1/search?search=globex')).body as SearchResponse).customers).toEqual([]);
  });
});

describe('the business network', () => {
  it('invites the customer owner, who onboards, signs in and sees the inviter among vendors but cannot edit it', async () => {
    const customer = await create(owner, { name: 'Umbrella Corp', email: 'owner@umbrella.example', send_invitation: true, billing_address: address });
    const mail = await h.smtp.waitFor('owner@umbrella.example');
    expect(mail.subject).toBe('Acme Trading added Umbrella Corp as a customer');
    const token = linkIn(mail, /onboarding-business-invitation\/[\w-]+/).split('/')[1] ?? '';
    const guest = h.client();
    await guest.csrf();
    expect((await guest.get(`/api/v1/onboarding-invitations/${token}`)).body).toEqual({
      email: 'owner@umbrella.example',
      business_name: 'Umbrella Corp',
      inviter_business_name: 'Acme Trading',
      has_password: false,
    });
    const weak = await guest.post(`/api/v1/onboarding-business-invitation/${token}`, { name: 'Al', password: 'short', password_confirmation: 'other' });
    expect(errorsOf(weak).name?.[0]).toBe(messages.nameMin);
    expect(errorsOf(weak).password?.[0]).toBe(messages.passwordMin);
    const accepted = await guest.post(`/api/v1/onboarding-business-invitation/${token}`, { name: 'Albert Wesker', password: PASSWORD, password_confirmation: PASSWORD, business_name: 'Umbrella Corporation' });
    expect(accepted.status).toBe(200);
    expect((await guest.post(`/api/v1/onboarding-business-invitation/${token}`, { name: 'Again', password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(404);

    const onboarded = h.client();
    expect((await onboarded.login('owner@umbrella.example', PASSWORD)).status).toBe(200);
    onboarded.business = customer.customer_business.id;
    const vendors = listOf((await onboarded.get('/api/v1/vendors')).body);
    expect(vendors.data.map((v) => v.name)).toEqual(['Acme Trading']);
    const mirror = vendors.data[0];
    expect(mirror?.creator_business_id).toBe(owner.business);
    expect((await onboarded.put(`/api/v1/vendors/${mirror?.id}`, { name: 'Renamed' })).status).toBe(403);
    const seen = dataOf((await owner.get(`/api/v1/customers/${customer.id}`)).body);
    expect(seen.customer_business).toMatchObject({ name: 'Umbrella Corporation', owner_status: 'active' });
  });

  it('resends a fresh invitation (the old link stops working) only for a business the caller recorded', async () => {
    const vendor = await create(owner, { name: 'Cyberdyne', email: 'owner@cyberdyne.example', send_invitation: true }, 'vendors');
    const first = await h.smtp.waitFor('owner@cyberdyne.example');
    const oldToken = linkIn(first, /onboarding-business-invitation\/[\w-]+/).split('/')[1] ?? '';
    const businessId = vendor.customer_business.id;
    expect(errorsOf(await owner.post(`/api/v1/businesses/${businessId}/resend-invite`, { email: 'someone@else.example' })).email?.[0]).toBe(messages.userEmailMissing);
    expect((await sibling.post(`/api/v1/businesses/${businessId}/resend-invite`, { email: 'owner@cyberdyne.example' })).status).toBe(404);
    expect((await foreign.post(`/api/v1/businesses/${businessId}/resend-invite`, { email: 'owner@cyberdyne.example' })).status).toBe(404);
    const resent = await owner.post(`/api/v1/businesses/${businessId}/resend-invite`, { email: 'owner@cyberdyne.example' });
    expect(resent.body).toEqual({ success: true, message: messages.invitationSent });
    const second = await h.smtp.waitFor('owner@cyberdyne.example', (m) => m !== first);
    expect(second.subject).toBe('Acme Trading added Cyberdyne as a vendor');
    const newToken = linkIn(second, /onboarding-business-invitation\/[\w-]+/).split('/')[1] ?? '';
    const guest = h.client();
    await guest.csrf();
    expect((await guest.get(`/api/v1/onboarding-invitations/${oldToken}`)).status).toBe(404);
    expect((await guest.post(`/api/v1/onboarding-business-invitation/${newToken}`, { name: 'Miles Dyson', password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
    const onboarded = h.client();
    expect((await onboarded.login('owner@cyberdyne.example', PASSWORD)).status).toBe(200);
    onboarded.business = businessId;
    expect(listOf((await onboarded.get('/api/v1/customers')).body).data.map((c) => c.name)).toEqual(['Acme Trading']);
  });

  it('a foreign tenant cannot read the invitation', async () => {
    await create(owner, { name: 'Tyrell Corp', email: 'owner@tyrell.example', send_invitation: true });
    const mail = await h.smtp.waitFor('owner@tyrell.example');
    const token = linkIn(mail, /onboarding-business-invitation\/[\w-]+/).split('/')[1] ?? '';
    const guest = h.client(OTHER_HOST);
    await guest.csrf();
    expect((await guest.get(`/api/v1/onboarding-invitations/${token}`)).status).toBe(404);
  });
});
