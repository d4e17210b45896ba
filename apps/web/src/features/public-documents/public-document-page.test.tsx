import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@app/contracts';
import { csrf, makeEstimate, makeInvoice, makePublicEstimate, publicEstimate, publicInvoice } from '../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../test/fetch-mock';
import { tenantConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

afterEach(() => vi.restoreAllMocks());

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const lazyLoad = { timeout: 15_000 };

describe('public document pages', () => {
  it('says a converted estimate became an invoice and offers no decision, even if the answer allowed one', async () => {
    const converted = publicEstimate(makeEstimate({ status: 'sent', converted_invoice_id: 'inv-7' }));
    mockFetch(tenant, csrf, route('GET', '/api/v1/public/estimates/tok-9', () => jsonResponse(200, makePublicEstimate({ estimate: converted, converted_to_invoice: { invoice_number: 'INV-000007' } }))));
    renderApp('/public/estimates/view/tok-9', null);

    expect(await screen.findByText('This estimate was converted to invoice INV-000007: it can no longer be accepted or rejected.', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('shows an estimate to a guest and accepts it', async () => {
    let decided = false;
    const approved = publicEstimate(makeEstimate({ status: 'approved' }));
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/public/estimates/tok-1', () =>
        jsonResponse(200, decided ? makePublicEstimate({ can_approve: false, can_reject: false, estimate: approved }) : makePublicEstimate()),
      ),
      route('POST', '/api/v1/public/estimates/tok-1/approve', () => {
        decided = true;
        return jsonResponse(200, { status: 'approved' });
      }),
    );
    renderApp('/public/estimates/view/tok-1', null);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Acme Ltd', level: 1 }, lazyLoad)).toBeInTheDocument();
    const preview = screen.getByRole('article', { name: 'Document preview' });
    expect(within(preview).getByText('EST-000001')).toBeInTheDocument();
    expect(within(preview).getByRole('row', { name: 'Total $110.00' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/v1/public/estimates/tok-1/pdf');

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Thank you: the estimate is accepted.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/public/estimates/tok-1/approve')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument());
    // Spec section 4's display status: an approved estimate reads Accepted.
    expect(screen.getByText('Accepted')).toBeInTheDocument();
  });

  it('shows an invoice without accept or reject buttons', async () => {
    const invoice = publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent' }));
    mockFetch(
      tenant,
      route('GET', '/api/v1/public/invoices/tok-2', () =>
        jsonResponse(200, { model: 'invoice', business: { name: 'Acme Ltd', logo_url: null }, invoice, estimate: null, can_approve: false, can_reject: false, converted_to_invoice: null, payments: [], pdf_url: '/api/v1/public/invoices/tok-2/pdf' }),
      ),
    );
    renderApp('/public/invoices/view/tok-2', null);

    expect(await screen.findByText('INV-000001', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Amount due $110.00' })).toBeInTheDocument();
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
    // The public page is the payer's: a sent invoice waiting for payment reads Due (spec section 4's DUE).
    expect(screen.getByText('Due')).toBeInTheDocument();
    expect(screen.queryByText('Sent')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Payments' })).not.toBeInTheDocument();
  });

  it('lists the payments of an invoice beside what is paid and still due', async () => {
    const invoice = publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent', paid_status: 'partially_paid', amount_paid: 7000, due_amount: 4000 }));
    const payments = [
      { payment_date: '2026-03-05', payment_number: 'PAY-000001', amount: 5000 },
      { payment_date: '2026-03-09', payment_number: 'PAY-000002', amount: 2000 },
    ];
    mockFetch(
      tenant,
      route('GET', '/api/v1/public/invoices/tok-3', () =>
        jsonResponse(200, { model: 'invoice', business: { name: 'Acme Ltd', logo_url: null }, invoice, estimate: null, can_approve: false, can_reject: false, converted_to_invoice: null, payments, pdf_url: '/api/v1/public/invoices/tok-3/pdf' }),
      ),
    );
    renderApp('/public/invoices/view/tok-3', null);

    const table = await screen.findByRole('table', { name: 'Payments' }, lazyLoad);
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'DatePayment numberAmount',
      '05 Mar 2026PAY-000001$50.00',
      '09 Mar 2026PAY-000002$20.00',
    ]);
    expect(screen.getByRole('row', { name: 'Amount paid $70.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Amount due $40.00' })).toBeInTheDocument();
    expect(screen.getByText('Partially paid')).toBeInTheDocument();
  });

  it('says the link is invalid or expired when the server does not know the token', async () => {
    mockFetch(tenant, route('GET', '/api/v1/public/invoices/nope', () => jsonResponse(404, { message: messages.publicLinkInvalid })));
    renderApp('/public/invoices/view/nope', null);

    expect(await screen.findByRole('alert', {}, lazyLoad)).toHaveTextContent(messages.publicLinkInvalid);
  });
});
