import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ExportRunResource, type ExportTemplateResource, builtInExportColumns } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { csrf, lazyLoad, tenant } from '../../../test/webhook-fixtures';

afterEach(() => vi.restoreAllMocks());

const template: ExportTemplateResource = {
  id: 'tpl-1',
  name: 'For the accountant',
  export_type: 'invoices',
  fields: [
    { field: 'invoice_number', column_name: 'Number' },
    { field: 'total', column_name: 'Gross' },
  ],
  is_default: true,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

const run: ExportRunResource = {
  id: 'run-1',
  export_type: 'invoices',
  format: 'xlsx',
  status: 'completed',
  template_name: 'Default',
  filters: {},
  total_rows: 3,
  rows_written: 3,
  file_name: 'invoices-2026-11-20.xlsx',
  failure: null,
  download_url: '/api/v1/business/exports/run-1/download',
  expires_at: '2026-11-21T10:00:00Z',
  created_at: '2026-11-20T10:00:00Z',
  finished_at: '2026-11-20T10:00:05Z',
};

const abilities = ['export-data', 'view-export-template', 'create-export-template', 'edit-export-template', 'delete-export-template'];

describe('settings → export data', () => {
  it('lists the templates and recent exports, and makes a template with the picked columns in their order', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/business/export-templates', () => jsonResponse(200, { data: [template] })),
      route('GET', '/api/v1/business/exports', () => jsonResponse(200, { data: [run], meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 } })),
      route('POST', '/api/v1/business/export-templates', () => jsonResponse(201, { data: { ...template, id: 'tpl-2', name: 'Short', is_default: false } })),
    );
    renderApp('/settings/export-data', makeSession({ current_user_abilities: abilities }));
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Export data', level: 1 }, lazyLoad)).toBeInTheDocument();
    const templateRow = await screen.findByRole('row', { name: /For the accountant/ });
    expect(within(templateRow).getByText(/Default/i)).toBeInTheDocument();
    expect(within(templateRow).getByText('Number, Gross')).toBeInTheDocument();
    const runRow = await screen.findByRole('row', { name: /Completed/ });
    expect(within(runRow).getByRole('button', { name: 'Download invoices-2026-11-20.xlsx' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New export template' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Short');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Notes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Exchange rate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Customer up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/business/export-templates')).toBe(true));
    const body = requests.find((r) => r.method === 'POST' && r.path === '/api/v1/business/export-templates')?.body as { name: string; fields: { field: string }[] };
    expect(body.name).toBe('Short');
    const expected = builtInExportColumns('invoices')
      .map((column) => column.field)
      .filter((field) => field !== 'notes' && field !== 'exchange_rate');
    // Customer (4th) moved above Due date (3rd).
    expect(body.fields.map((field) => field.field)).toEqual([...expected.slice(0, 2), 'customer', 'due_date', ...expected.slice(4)]);
  });
});
