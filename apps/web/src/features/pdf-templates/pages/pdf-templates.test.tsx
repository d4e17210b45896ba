import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type PdfTemplateResource, builtInPdfTemplates } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});

const builtIns: PdfTemplateResource[] = builtInPdfTemplates.map((template) => ({ ...template, built_in: true, updated_at: null }));
function builtIn(id: string): PdfTemplateResource {
  const found = builtIns.find((template) => template.id === id);
  if (!found) throw new Error(`${id} is built in`);
  return found;
}
const facture: PdfTemplateResource = { ...builtIn('invoice1'), id: '0b6f2b4e-6a43-4a5e-9d1c-5d1d8a3f0001', name: 'Facture', is_default: false, built_in: false, updated_at: '2026-11-28T10:00:00Z' };
const pdf = () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });

function platformSession(abilities: string[]) {
  const base = makeSession();
  return makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: abilities });
}

const all = ['view-pdf-template', 'create-pdf-template', 'edit-pdf-template', 'delete-pdf-template'];

describe('admin → PDF templates', () => {
  it('lists the templates by kind, the default and built-in ones marked, and makes another the default', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/platform/pdf-templates', () => jsonResponse(200, { data: [...builtIns, facture] })),
      route('POST', `/api/v1/platform/pdf-templates/${facture.id}/default`, () => jsonResponse(200, { data: { ...facture, is_default: true } })),
    );
    renderApp('/admin/pdf-templates', platformSession(all));
    const user = userEvent.setup();
    const invoices = await screen.findByRole('region', { name: 'Invoices' }, lazyLoad);
    expect(within(invoices).getByRole('link', { name: 'Facture' })).toHaveAttribute('href', `/admin/pdf-templates/${facture.id}/edit`);
    expect(within(invoices).getAllByText('Built in')).toHaveLength(2);
    expect(within(invoices).getAllByText('Default')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Payment receipts' })).getByRole('link', { name: 'Receipt' })).toBeInTheDocument();
    // Built-in templates can be copied, never deleted.
    expect(within(invoices).getAllByRole('button', { name: 'Delete' })).toHaveLength(1);

    const factureCard = within(invoices).getByRole('link', { name: 'Facture' }).closest('.mantine-Card-root');
    if (!(factureCard instanceof HTMLElement)) throw new Error('the template has a card');
    await user.click(within(factureCard).getByRole('button', { name: 'Make default' }));
    expect(await screen.findByText('Facture is now the default.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST' && request.path.endsWith(`${facture.id}/default`))).toBe(true);
  });

  it('copies a template under a new name and opens the copy', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/platform/pdf-templates', () => jsonResponse(200, { data: builtIns })),
      route('POST', '/api/v1/platform/pdf-templates', () => jsonResponse(201, { data: facture })),
      route('GET', `/api/v1/platform/pdf-templates/${facture.id}`, () => jsonResponse(200, { data: facture })),
      route('POST', '/api/v1/platform/pdf-templates/preview', pdf),
    );
    const { router } = renderApp('/admin/pdf-templates', platformSession(all));
    const user = userEvent.setup();
    const invoices = await screen.findByRole('region', { name: 'Invoices' }, lazyLoad);
    const modern = within(invoices).getByRole('link', { name: 'Modern' }).closest('.mantine-Card-root');
    if (!(modern instanceof HTMLElement)) throw new Error('the template has a card');
    await user.click(within(modern).getByRole('button', { name: 'Copy' }));
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Modern (copy)');
    await user.clear(name);
    await user.type(name, 'Facture');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/pdf-templates/${facture.id}/edit`));
    expect(requests.find((request) => request.method === 'POST' && request.path === '/api/v1/platform/pdf-templates')?.body).toEqual({ name: 'Facture', copy_of: 'invoice2' });
  });

  it('edits the layout and labels beside a live preview; a bad colour is refused on its field before anything is sent', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', `/api/v1/platform/pdf-templates/${facture.id}`, () => jsonResponse(200, { data: facture })),
      route('POST', '/api/v1/platform/pdf-templates/preview', pdf),
      route('PUT', `/api/v1/platform/pdf-templates/${facture.id}`, (request) => jsonResponse(200, { data: { ...facture, ...(request.body as object) } })),
    );
    const createObjectURL = vi.fn(() => 'blob:preview');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderApp(`/admin/pdf-templates/${facture.id}/edit`, platformSession(all));
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Facture', level: 1 }, lazyLoad)).toBeInTheDocument();
    expect(await screen.findByTitle('Preview of Facture on a sample document')).toHaveAttribute('src', 'blob:preview');

    const accent = screen.getByRole('textbox', { name: 'Accent colour' });
    await user.clear(accent);
    await user.type(accent, 'red');
    await user.type(screen.getByRole('textbox', { name: 'Invoice Date' }), 'Date de facture');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The colour must be a hex value like #4f46e5.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await user.clear(accent);
    await user.type(accent, '#7c2d12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Facture saved.')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ name: 'Facture', layout: { accent_color: '#7c2d12', labels: { date: 'Date de facture' }, footer: null } });
    await waitFor(() => expect(requests.some((request) => request.method === 'POST' && request.path.endsWith('/preview'))).toBe(true));
  });

  it('shows a built-in template read-only, with the way to copy it', async () => {
    mockFetch(tenant, csrf, route('GET', '/api/v1/platform/pdf-templates/invoice1', () => jsonResponse(200, { data: builtIn('invoice1') })), route('POST', '/api/v1/platform/pdf-templates/preview', pdf));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    renderApp('/admin/pdf-templates/invoice1/edit', platformSession(all));
    expect(await screen.findByText('A built-in template', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('readonly');
  });

  it('needs the view-pdf-template ability', async () => {
    mockFetch(tenant);
    const { router } = renderApp('/admin/pdf-templates', platformSession(['view-business']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
