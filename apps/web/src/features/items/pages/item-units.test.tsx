import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ItemUnitResource, messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});
const config = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const hour: ItemUnitResource = { id: 'u-1', name: 'hour', created_at: '2025-01-01T00:00:00Z' };
const units = (data: ItemUnitResource[]) =>
  route('GET', '/api/v1/item-units', () => jsonResponse(200, { data, meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length, item_unit_total_count: data.length } }));
const all = ['view-item', 'create-item', 'edit-item', 'delete-item'];

describe('item units', () => {
  it('creates and renames units and shows the server refusing to delete one in use', async () => {
    const { requests } = mockFetch(
      config,
      csrf,
      units([hour]),
      route('POST', '/api/v1/item-units', () => jsonResponse(201, { data: { id: 'u-2', name: 'day', created_at: '' } })),
      route('PUT', '/api/v1/item-units/u-1', () => jsonResponse(422, { message: messages.nameTaken, errors: { name: [messages.nameTaken] } })),
      route('DELETE', '/api/v1/item-units/u-1', () => jsonResponse(422, { message: messages.itemUnitInUse, errors: { id: [messages.itemUnitInUse] } })),
    );
    renderApp('/items/units', makeSession({ current_user_abilities: all }));
    const user = userEvent.setup();

    expect(await screen.findByRole('tab', { name: 'Units', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'hour' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New unit' }));
    const create = await screen.findByRole('dialog', { name: 'New unit' });
    await user.type(within(create).getByLabelText(/^Name/), 'day');
    await user.click(within(create).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.path === '/api/v1/item-units')?.body).toEqual({ name: 'day' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New unit' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Rename hour' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename hour' });
    await user.clear(within(rename).getByLabelText(/^Name/));
    await user.type(within(rename).getByLabelText(/^Name/), 'day');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await within(rename).findByText(messages.nameTaken)).toBeInTheDocument();
    await user.click(within(rename).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete hour' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(messages.itemUnitInUse)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/v1/item-units/u-1')).toBe(true);
  });

  it('hides the actions the user may not take', async () => {
    mockFetch(config, csrf, units([hour]));
    renderApp('/items/units', makeSession({ current_user_abilities: ['view-item'] }));
    expect(await screen.findByRole('cell', { name: 'hour' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New unit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename hour' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete hour' })).not.toBeInTheDocument();
  });

  it('adds a unit from the item form and picks it', async () => {
    const { requests } = mockFetch(
      config,
      csrf,
      units([]),
      route('POST', '/api/v1/item-units', () => jsonResponse(201, { data: { id: 'u-9', name: 'piece', created_at: '' } })),
    );
    renderApp('/items/create', makeSession({ current_user_abilities: ['view-item', 'create-item'] }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'New unit' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'piece');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Unit' })).toHaveValue('piece'));
    // Saving the unit does not save the item.
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/items')).toBe(false);
  });
});
