import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { makeInvoice, publicInvoice } from '../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../test/fetch-mock';
import { tenantConfig } from '../test/fixtures';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { PublicRoutes } from './public-router';

afterEach(() => vi.restoreAllMocks());

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));

/** The public entry's routes in memory, as public-main.tsx mounts them, with a guest. */
function renderPublic(path: string, loadPage: (href: string) => void = () => undefined) {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[path]}>
        <PublicRoutes loadPage={loadPage} />
        <Link to="/acme/customer/invoices/payment/inv-1?x=1">Into the app</Link>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the public entry', () => {
  it('shows a public invoice', async () => {
    const invoice = publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent' }));
    mockFetch(
      tenant,
      route('GET', '/api/v1/public/invoices/tok-1', () =>
        jsonResponse(200, { model: 'invoice', business: { name: 'Acme Ltd', logo_url: null }, invoice, estimate: null, can_approve: false, can_reject: false, converted_to_invoice: null, payments: [], pdf_url: '/api/v1/public/invoices/tok-1/pdf' }),
      ),
      route('GET', '/api/v1/public/invoices/tok-1/card-payment', () => jsonResponse(200, { data: { available: false, message: 'Not set up.', publishable_key: null, provider_script: null, partial_payments: false, minimum_amount: 50, in_app: null } })),
    );
    renderPublic('/public/invoices/view/tok-1');

    expect(await screen.findByText('INV-000001', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('answers an unknown public path with the not-found page, without leaving', async () => {
    const loadPage = vi.fn();
    mockFetch(tenant);
    renderPublic('/public/nothing/here', loadPage);

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('leaves for the server on a path outside /public/ (the app, the sign-in page), which the login entry routes', async () => {
    const loadPage = vi.fn();
    mockFetch(tenant);
    renderPublic('/public/nothing/here', loadPage);
    await screen.findByRole('heading', { name: 'Page not found' });

    await userEvent.click(screen.getByRole('link', { name: 'Into the app' }));

    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(expect.stringMatching(/^http:\/\/[^/]+\/acme\/customer\/invoices\/payment\/inv-1\?x=1$/)));
    expect(loadPage).toHaveBeenCalledTimes(1);
  });
});
