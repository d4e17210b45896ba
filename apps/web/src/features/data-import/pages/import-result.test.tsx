import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { z } from 'zod';
import { importMappingPresetRequestSchema, type importMappingPresetResourceSchema } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { tenantConfig } from '../../../test/fixtures';
import { importJob, importPage, importSession, noImports } from '../../../test/import-fixtures';
import { renderApp } from '../../../test/render';
import { csrf, lazyLoad, tenant } from '../../../test/webhook-fixtures';

afterEach(() => vi.restoreAllMocks());

const JOB = '/api/v1/business/imports/job-1';
const dependsOnIt = 'The import cannot be undone: an invoice was made for one of its customers.';
const completed = importJob({ status: 'completed', mapping: { name: 0, email: 1, phone: 2 }, processed_rows: 3, created_count: 3, can_undo: true, finished_at: '2026-11-20T10:01:00Z' });

type Preset = z.infer<typeof importMappingPresetResourceSchema>;

function preset(overrides: Partial<Preset> = {}): Preset {
  return { id: 'p-1', name: 'Old CRM export', entity: 'customers', headers: ['E-mail', 'Company', 'Phone'], mapping: { name: 'Company', email: 'E-mail' }, created_at: '2026-11-01T00:00:00Z', ...overrides };
}

describe('import results and history', () => {
  it('undoes a completed import after confirming, showing the refusal in the server words first', async () => {
    let undos = 0;
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/business/imports', () => jsonResponse(200, importPage([completed]))),
      route('GET', JOB, () => jsonResponse(200, { data: completed })),
      route('POST', `${JOB}/undo`, () => {
        undos += 1;
        return undos === 1 ? jsonResponse(422, { message: dependsOnIt }) : jsonResponse(200, { data: { ...completed, status: 'undone', can_undo: false } });
      }),
    );
    renderApp('/import?job=job-1', importSession());
    const user = userEvent.setup();

    expect(await screen.findByText('All 3 rows processed', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download error report' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo the import' });
    expect(within(dialog).getByText('The 3 records this import created will be deleted. Are you sure?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText(dependsOnIt)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Undo import' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Undo the import' })).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText('What this import created was removed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo import' })).toBeNull();
    expect(screen.queryByText(dependsOnIt)).toBeNull();
    expect(requests.filter((r) => r.method === 'POST' && r.path === `${JOB}/undo`)).toHaveLength(2);
  });

  it('shows why a run failed, and lists the history with each import opening in the wizard', async () => {
    const failed = importJob({ id: 'job-2', file_name: 'vendors.xlsx', entity: 'vendors', status: 'failed', failure: 'Row 7: the email must be a valid email address.' });
    mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/business/imports', () => jsonResponse(200, importPage([failed, completed]))),
      route('GET', '/api/v1/business/imports/job-2', () => jsonResponse(200, { data: failed })),
      route('GET', JOB, () => jsonResponse(200, { data: completed })),
    );
    const { router } = renderApp('/import', importSession());
    const user = userEvent.setup();

    const history = await screen.findByRole('region', { name: 'Import history' }, lazyLoad);
    const table = await within(history).findByRole('table');
    const row = within(table).getByRole('row', { name: /vendors\.xlsx/ });
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('Vendors')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /customers\.csv/ })).getByText('Completed')).toBeInTheDocument();

    await user.click(within(row).getByRole('link', { name: 'vendors.xlsx' }));
    expect(await screen.findByText('Row 7: the email must be a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('The import failed')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?job=job-2');
    expect(within(table).getByRole('row', { name: /vendors\.xlsx/ })).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(await screen.findByLabelText(/^What to import/)).toHaveValue('vendors');
  });

  it('applies a saved mapping by header names, saves the current one and deletes one', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      noImports,
      route('GET', JOB, () => jsonResponse(200, { data: importJob() })),
      route('GET', '/api/v1/business/import-mappings', () => jsonResponse(200, { data: [preset(), preset({ id: 'p-2', name: 'Vendor sheet', entity: 'vendors' })] })),
      route('POST', '/api/v1/business/import-mappings', () => jsonResponse(201, { data: preset({ id: 'p-3', name: 'Mine' }) })),
      route('DELETE', '/api/v1/business/import-mappings/p-1', () => jsonResponse(200, { success: true })),
    );
    renderApp('/import?job=job-1', importSession());
    const user = userEvent.setup();

    const saved = await screen.findByLabelText('Saved mapping', {}, lazyLoad);
    expect(within(saved).queryByRole('option', { name: /Vendor sheet/ })).toBeNull();
    await user.selectOptions(saved, 'Old CRM export (matches this file)');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('0');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('1');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('');

    await user.selectOptions(screen.getByLabelText(/^Phone/), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Save this mapping' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the mapping' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = requests.find((r) => r.method === 'POST' && r.path === '/api/v1/business/import-mappings');
    expect(importMappingPresetRequestSchema.parse(post?.body)).toEqual({
      name: 'Mine',
      entity: 'customers',
      headers: ['Company', 'E-mail', 'Phone'],
      mapping: { name: 'Company', email: 'E-mail', phone: 'Phone' },
    });
    // Saving the preset is not saving the job's mapping.
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete saved mapping' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete saved mapping' })).getByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/v1/business/import-mappings/p-1')).toBe(true));
  });

  it('sends a user without import-data to the 403 page, and offers the Import button on a list only to those who may import', async () => {
    const customers = route('GET', '/api/v1/customers', () => jsonResponse(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0, customer_total_count: 0 } }));
    mockFetch(route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)), customers);
    const denied = renderApp('/import', importSession(['view-customer']));
    expect(await screen.findByRole('heading', { name: 'Forbidden' }, lazyLoad)).toBeInTheDocument();
    expect(denied.router.state.location.pathname).toBe('/403');
    denied.unmount();

    renderApp('/customers', importSession(['view-customer']));
    expect(await screen.findByRole('heading', { name: 'Customers' }, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import' })).toBeNull();
  });

  it('leads from the customers list to the wizard with customers chosen', async () => {
    mockFetch(
      tenant,
      noImports,
      route('GET', '/api/v1/customers', () => jsonResponse(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0, customer_total_count: 0 } })),
    );
    const { router } = renderApp('/customers', importSession());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Import' }, lazyLoad));
    expect(await screen.findByRole('heading', { name: 'Import data' }, lazyLoad)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?entity=customers');
    expect(screen.getByLabelText(/^What to import/)).toHaveValue('customers');
  });
});
