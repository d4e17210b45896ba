import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ItemResource, currencies, messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});
const config = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const meta = (total: number) => ({ current_page: 1, last_page: 1, per_page: 15, total, item_total_count: total });

function session(abilities: string[], currencyCode = 'USD') {
  return makeSession({ current_user_abilities: abilities, current_business_currency: currencies.find((c) => c.code === currencyCode) ?? null });
}

const consulting: ItemResource = {
  id: 'i-1',
  name: 'Consulting',
  description: null,
  price: 12_550,
  unit_id: 'u-1',
  unit: { id: 'u-1', name: 'hour' },
  tax_type_ids: [],
  taxes: [],
  created_at: '2025-01-01T00:00:00Z',
};

describe('item form', () => {
  it('converts the typed amount to exact minor units and refuses what cannot be stored', async () => {
    const { requests } = mockFetch(
      config,
      csrf,
      route('GET', '/api/v1/item-units', (request) =>
        jsonResponse(200, { data: [{ id: 'u-1', name: 'hour', created_at: '' }].filter((u) => u.name.includes(request.search.get('search') ?? '')), meta: { ...meta(1), item_unit_total_count: 1 } }),
      ),
      route('POST', '/api/v1/items', () => jsonResponse(201, { data: consulting })),
      route('GET', '/api/v1/items', () => jsonResponse(200, { data: [consulting], meta: meta(1) })),
    );
    renderApp('/items/create', session(['view-item', 'create-item']));
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/Name/), 'Consulting');
    const price = screen.getByLabelText(/Price/);
    // A third decimal cannot be typed in a two-decimal currency.
    await user.type(price, '0.295');
    expect(price).toHaveValue('0.29');
    await user.clear(price);
    await user.type(price, '90071992547409.92');
    expect(price).toHaveValue('90,071,992,547,409.92');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.priceTooLarge)).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '123456789012345678901');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.priceTooManyDigits)).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '0.29');
    await user.click(screen.getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'hour' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/items')).toBe(true));
    expect(requests.find((r) => r.method === 'POST' && r.path === '/api/v1/items')?.body).toEqual({ name: 'Consulting', description: null, price: 29, unit_id: 'u-1', taxes: [] });
    expect(requests.find((r) => r.path === '/api/v1/item-units')?.search.get('limit')).toBe('15');
    expect(await screen.findByRole('heading', { name: 'Items' })).toBeInTheDocument();
  });

  it('shows the stored price in the currency precision when editing', async () => {
    mockFetch(config, csrf, route('GET', '/api/v1/items/i-1', () => jsonResponse(200, { data: { ...consulting, price: 1234 } })));
    renderApp('/items/i-1/edit', session(['view-item', 'edit-item'], 'JPY'));
    expect(await screen.findByLabelText(/Price/)).toHaveValue('1,234');
    expect(screen.getByRole('combobox', { name: 'Unit' })).toHaveValue('hour');
  });
});

describe('items list', () => {
  it('deletes the selected rows in bulk after confirmation', async () => {
    const apples = { ...consulting, id: 'i-2', name: 'Apples', price: 300, unit: null, unit_id: null };
    const { requests } = mockFetch(
      config,
      csrf,
      route('GET', '/api/v1/items', () => jsonResponse(200, { data: [consulting, apples], meta: meta(2) })),
      route('POST', '/api/v1/items/delete', () => jsonResponse(200, { success: true, deleted: 2, skipped: 0 })),
    );
    renderApp('/items?sort=price:desc', session(['view-item', 'delete-item', 'edit-item']));
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'Consulting' })).toBeInTheDocument();
    expect(screen.getByText('$125.50')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/items')?.search.get('orderByField')).toBe('price');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete item' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/v1/items/delete')).toBe(true));
    expect(requests.find((r) => r.path === '/api/v1/items/delete')?.body).toEqual({ ids: ['i-1', 'i-2'] });
  });
});
