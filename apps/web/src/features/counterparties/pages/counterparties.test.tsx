import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CounterpartyResource, messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());
beforeEach(() => window.localStorage.clear());

const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});

function record(overrides: Partial<CounterpartyResource> = {}): CounterpartyResource {
  return {
    id: 'c1',
    kind: 'customer',
    name: 'Globex Corporation',
    display_name: null,
    contact_first_name: 'Hank',
    contact_last_name: 'Scorpio',
    email: 'billing@globex.example',
    phone: null,
    website: null,
    currency_id: 1,
    portal_access: false,
    admin_onboarded: false,
    creator_business_id: 'biz-1',
    customer_business: { id: 'b2', name: 'Globex Corporation', email: 'billing@globex.example', owner_status: 'invited' },
    status: 'active',
    amount_due: 0,
    amount_due_currency_id: 1,
    created_at: '2025-03-01T10:00:00Z',
    billing_address: null,
    shipping_address: null,
    ...overrides,
  };
}

const page = (data: CounterpartyResource[]) => jsonResponse(200, { data, meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length, customer_total_count: data.length } });
const abilities = ['view-customer', 'create-customer', 'edit-customer', 'delete-customer'];

describe('customers list', () => {
  it('opens the remembered tab from the bare path', async () => {
    window.localStorage.setItem('ledgerline.customers.tab', 'archive');
    const { requests } = mockFetch(route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)), route('GET', '/api/v1/customers', () => page([])));
    const { router } = renderApp('/customers', makeSession({ current_user_abilities: abilities }));
    await waitFor(() => expect(router.state.location.search).toContain('tab=archive'));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/v1/customers' && r.search.get('status') === 'archive')).toBe(true));
  });

  it('selects every row and archives them after confirming', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      csrf,
      route('GET', '/api/v1/customers', () => page([record(), record({ id: 'c2', name: 'Initech', email: 'i@initech.example' })])),
      route('POST', '/api/v1/customers/archive', () => jsonResponse(200, { success: true, count: 2 })),
    );
    renderApp('/customers?tab=active', makeSession({ current_user_abilities: abilities }));
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'Initech' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive' });
    expect(within(dialog).getByText('Archive 2 selected customer(s)?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(requests.find((r) => r.path === '/api/v1/customers/archive')?.body).toEqual({ ids: ['c1', 'c2'] }));
    expect(await screen.findByText('Customers archived')).toBeInTheDocument();
  });
});

describe('customer form', () => {
  it('previews the linked business, checks addresses on the client and creates', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      csrf,
      route('POST', '/api/v1/customers', (request) =>
        (request.body as { preview?: boolean }).preview
          ? jsonResponse(200, { business: { linked: true } })
          : jsonResponse(201, { data: record({ id: 'c9' }) }),
      ),
      route('GET', '/api/v1/customers/c9', () => jsonResponse(200, { data: record({ id: 'c9' }) })),
    );
    const { router } = renderApp('/customers/create', makeSession({ current_user_abilities: abilities }));
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Name/), 'Umbrella Corp');
    await user.type(screen.getByLabelText('Email'), 'owner@umbrella.example');
    expect(await screen.findByText('This email belongs to a business already on the network: the record will be linked to it.', {}, { timeout: 15_000 })).toBeInTheDocument();

    const billing = screen.getByRole('group', { name: 'Billing address' });
    await user.type(within(billing).getByLabelText('City'), 'Raccoon City');
    await user.click(screen.getByRole('button', { name: 'Create customer' }));
    expect(await screen.findByText(messages.incompleteAddress)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && !(r.body as { preview?: boolean }).preview)).toHaveLength(0);

    await user.clear(within(billing).getByLabelText('City'));
    await user.click(screen.getByRole('button', { name: 'Create customer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/c9/view'));
    const created = requests.find((r) => r.method === 'POST' && !(r.body as { preview?: boolean }).preview);
    expect(created?.body).toMatchObject({ name: 'Umbrella Corp', email: 'owner@umbrella.example', currency_id: 1, send_invitation: false });
  });

  it('sends the edit page of a record created by another business to /403', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/vendors/v1', () => jsonResponse(200, { data: record({ id: 'v1', kind: 'vendor', creator_business_id: 'someone-else' }) })),
    );
    const { router } = renderApp('/vendors/v1/edit', makeSession({ current_user_abilities: ['view-vendor', 'edit-vendor'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});

describe('business onboarding', () => {
  it('sets the owner up and goes to the login page', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      csrf,
      route('GET', '/api/v1/onboarding-invitations/tok', () =>
        jsonResponse(200, { email: 'owner@umbrella.example', business_name: 'Umbrella Corp', inviter_business_name: 'Acme Trading', has_password: false }),
      ),
      route('POST', '/api/v1/onboarding-business-invitation/tok', () => jsonResponse(200, { message: 'Invitation accepted' })),
    );
    const { router } = renderApp('/onboarding-business-invitation/tok', null);
    const user = userEvent.setup();

    expect(await screen.findByText(/Acme Trading added Umbrella Corp/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Albert Wesker');
    await user.type(screen.getByLabelText('Password'), 'Onboard!Passw0rd');
    await user.type(screen.getByLabelText('Confirm password'), 'Onboard!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.find((r) => r.method === 'POST' && r.path.startsWith('/api/v1/onboarding'))?.body).toEqual({ name: 'Albert Wesker', password: 'Onboard!Passw0rd', password_confirmation: 'Onboard!Passw0rd' });
  });
});
