import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { csrf, makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { makeCustomer, makePayment, paymentPage } from '../../../test/payment-fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const writer = ['view-payment', 'send-payment'];
// Deleting a payment needs delete-invoice as well (the accountant records payments but deletes nothing).
const remover = [...writer, 'delete-invoice'];

describe('payment view', () => {
  it('shows the receipt with its invoice and sends it by mail as edited', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/payments/pay-1', () => jsonResponse(200, { data: makePayment() })),
      route('GET', '/api/v1/payments/pay-1/preview-email', () =>
        jsonResponse(200, { data: { to: 'billing@globex.example', reply_to: null, subject: 'Payment receipt from Acme Ltd', body: 'Thank you for your payment.', send_as_attachment: true } }),
      ),
      route('POST', '/api/v1/payments/pay-1/send-email', () => jsonResponse(200, { data: makePayment(), mail: { status: 'queued', held_reason: null } })),
    );
    renderApp('/payments/pay-1/view', makeSession({ current_user_abilities: writer }));
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Payment PAY-000001' }, lazyLoad)).toBeInTheDocument();
    expect(screen.getByText('Received from Globex Corporation')).toBeInTheDocument();
    // Recording and editing need send-payment; deleting needs delete-invoice as well.
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Amount $50.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'INV-000001' })).toHaveAttribute('href', '/invoices/inv-1/view');
    expect(screen.getByText('Partially paid')).toBeInTheDocument();
    expect(screen.getByText('$60.00')).toBeInTheDocument();
    // A payment recorded by hand has no transfers or charges to show.
    expect(screen.queryByRole('table', { name: 'Transfers' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send receipt' });
    const subject = await within(dialog).findByLabelText(/^Subject/);
    await waitFor(() => expect(subject).toHaveValue('Payment receipt from Acme Ltd'));
    expect(within(dialog).getByText('The PDF is attached to the email.')).toBeInTheDocument();
    await user.clear(subject);
    await user.type(subject, 'Your receipt');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/v1/payments/pay-1/send-email')?.body).toEqual({
        to: 'billing@globex.example',
        reply_to: null,
        subject: 'Your receipt',
        body: 'Thank you for your payment.',
        notify_admin: false,
      }),
    );
    expect(await screen.findByText('Receipt sent', {}, lazyLoad)).toBeInTheDocument();
  });

  it('downloads the receipt PDF, and a reader sees no edit, send or delete', async () => {
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/payments/pay-1', () => jsonResponse(200, { data: makePayment() })),
      route('GET', '/api/v1/payments/pay-1/pdf', () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } })),
    );
    // jsdom has no object URLs and does not download; the revoke runs on a timer after the test.
    const createObjectURL = vi.fn(() => 'blob:receipt');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/payments/pay-1/view', makeSession({ current_user_abilities: ['view-payment'] }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Download receipt' }, lazyLoad));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(requests.filter((r) => r.path === '/api/v1/payments/pay-1/pdf')).toHaveLength(1);
    for (const name of ['Edit', 'Send receipt', 'Delete']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('deletes the payment and goes back to its list', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/payments/pay-1', () => jsonResponse(200, { data: makePayment() })),
      route('DELETE', '/api/v1/payments/pay-1', () => jsonResponse(200, { success: true })),
      route('GET', '/api/v1/payments', () => paymentPage([])),
    );
    const { router } = renderApp('/payments/pay-1/view', makeSession({ current_user_abilities: remover }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete' }, lazyLoad));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete payment' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments'));
    expect(router.state.location.search).toBe('?tab=received');
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });
});

describe('recording a payment from an invoice', () => {
  const sent = makeInvoice({ status: 'sent', display_status: 'sent', allowed_actions: ['send', 'void', 'clone', 'record_payment'] });

  it('opens the payment form with the invoice, its customer and its amount due filled in', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: sent })),
      route('GET', '/api/v1/customers/cust-1', () => jsonResponse(200, { data: makeCustomer() })),
      route('GET', '/api/v1/next-number', () => jsonResponse(200, { next_number: 'PAY-000002', next_sequence_number: 2, nextCustomerSequenceNumber: null })),
      route('POST', '/api/v1/payments', () => jsonResponse(201, { data: makePayment({ amount: 11000 }) })),
    );
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: ['view-invoice', 'send-invoice', 'send-payment'] }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Record payment' }, lazyLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment received' });
    expect(within(dialog).getByRole('combobox', { name: /^Customer/ })).toHaveValue('Globex Corporation');
    expect(within(dialog).getByRole('combobox', { name: 'Invoice' })).toHaveValue('INV-000001 · $110.00 due');
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveValue('110.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.path === '/api/v1/payments')?.body).toMatchObject({ customer_id: 'cust-1', invoice_id: 'inv-1', amount: '11000' }));
    // A new payment carries an idempotency key, so a resubmitted form records it once.
    expect(requests.find((r) => r.method === 'POST' && r.path === '/api/v1/payments')?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Payment recorded', {}, lazyLoad)).toBeInTheDocument();
  });

  it('is not offered without the send-payment ability or when the invoice cannot take a payment', async () => {
    mockFetch(tenant, route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: sent })), route('GET', '/api/v1/invoices/inv-2', () => jsonResponse(200, { data: makeInvoice({ id: 'inv-2' }) })));
    const reader = renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: ['view-invoice'] }));
    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' }, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    reader.unmount();

    renderApp('/invoices/inv-2/view', makeSession({ current_user_abilities: ['view-invoice', 'send-payment'] }));
    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' }, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
  });
});
