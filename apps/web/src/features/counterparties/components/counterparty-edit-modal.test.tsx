import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CounterpartyResource, messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());
beforeEach(() => window.localStorage.clear());

const config = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});
const billing = { name: null, phone: null, address_street_1: '1 Main St', address_street_2: null, city: 'Springfield', state: 'IL', country_id: 236, zip: '62701' };

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
    customer_business: { id: 'b2', name: 'Globex Corporation', email: 'billing@globex.example', owner_status: 'active' },
    status: 'active',
    amount_due: 0,
    amount_due_currency_id: 1,
    created_at: '2025-03-01T10:00:00Z',
    billing_address: billing,
    shipping_address: null,
    ...overrides,
  };
}

const abilities = ['view-customer', 'create-customer', 'edit-customer', 'delete-customer'];
const page = (data: CounterpartyResource[]) => jsonResponse(200, { data, meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length, customer_total_count: data.length } });

describe('customer edit modal', () => {
  it('edits the main fields from the view page with the edit page call, keeping the addresses', async () => {
    let current = record();
    const { requests } = mockFetch(
      config,
      csrf,
      route('GET', '/api/v1/customers/c1', () => jsonResponse(200, { data: current })),
      route('PUT', '/api/v1/customers/c1', (request) => {
        const body = request.body as { name: string; email: string };
        if (body.email === 'taken@example.com') return jsonResponse(422, { message: messages.emailTaken, errors: { email: [messages.emailTaken] } });
        current = { ...current, name: body.name };
        return jsonResponse(200, { data: current });
      }),
    );
    renderApp('/customers/c1/view', makeSession({ current_user_abilities: abilities }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer Globex Corporation' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.required)).toBeInTheDocument();

    await user.type(name, 'Globex Inc');
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'taken@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.emailTaken)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'billing@globex.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.at(-1)?.body).toMatchObject({ name: 'Globex Inc', email: 'billing@globex.example', currency_id: 1, billing_address: { address_street_1: '1 Main St', city: 'Springfield', country_id: 236 } });
    expect(await screen.findByRole('heading', { name: 'Globex Inc' })).toBeInTheDocument();
  });

  it('is not offered for records this business may not edit', async () => {
    mockFetch(config, route('GET', '/api/v1/customers/c1', () => jsonResponse(200, { data: record({ creator_business_id: 'someone-else' }) })));
    renderApp('/customers/c1/view', makeSession({ current_user_abilities: abilities }));
    expect(await screen.findByRole('heading', { name: 'Globex Corporation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'All details' })).not.toBeInTheDocument();
  });

  it('opens from a list row only for editable records and loads the full record', async () => {
    const { requests } = mockFetch(
      config,
      csrf,
      route('GET', '/api/v1/customers', () =>
        page([record({ billing_address: undefined }), record({ id: 'c2', name: 'Initech', admin_onboarded: true }), record({ id: 'c3', name: 'Hooli', creator_business_id: 'other' })]),
      ),
      route('GET', '/api/v1/customers/c1', () => jsonResponse(200, { data: record() })),
    );
    renderApp('/customers?tab=active', makeSession({ current_user_abilities: abilities }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Globex Corporation' }));
    expect(screen.queryByRole('button', { name: 'Edit Initech' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Hooli' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer Globex Corporation' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Globex Corporation'));
    expect(requests.find((r) => r.path === '/api/v1/customers/c1')?.search.get('expand')).toBe('billingAddress,shippingAddress');
  });

  it('is hidden without the edit ability', async () => {
    mockFetch(config, route('GET', '/api/v1/customers', () => page([record()])));
    renderApp('/customers?tab=active', makeSession({ current_user_abilities: ['view-customer'] }));
    expect(await screen.findByRole('link', { name: 'Globex Corporation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Globex Corporation' })).not.toBeInTheDocument();
  });
});
