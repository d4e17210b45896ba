import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@app/contracts';
import { csrf, invoicePage, makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { acme, makeSession, tenantConfig } from '../../../test/fixtures';
import { makeCustomer, makePayment, paymentPage } from '../../../test/payment-fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const writer = ['view-payment', 'send-payment'];
// Deleting a payment needs delete-invoice as well (the accountant records payments but deletes nothing).
const remover = [...writer, 'delete-invoice'];
const openInvoice = makeInvoice({ status: 'sent', display_status: 'sent', amount_paid: 5000, due_amount: 6000, paid_status: 'partially_paid' });

describe('payments list', () => {
  it('opens on payments received for a business that both buys and sells, and switches to payments made', async () => {
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/payments', (request) =>
        paymentPage(request.search.get('tab') === 'made' ? [] : [makePayment()], { received: 1, made: 0 }),
      ),
    );
    const { router } = renderApp('/payments', makeSession({ current_user_abilities: writer }));
    const user = userEvent.setup();

    const table = await screen.findByRole('table', {}, lazyLoad);
    const row = within(table).getByRole('row', { name: /PAY-000001/ });
    expect(within(row).getByRole('link', { name: 'INV-000001' })).toHaveAttribute('href', '/invoices/inv-1/view');
    expect(within(row).getByText('Globex Corporation')).toBeInTheDocument();
    expect(within(row).getByText('Bank transfer')).toBeInTheDocument();
    expect(within(row).getByText('$50.00')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/payments')?.search.get('tab')).toBe('received');

    await user.click(screen.getByRole('tab', { name: 'Made' }));
    await waitFor(() => expect(router.state.location.search).toContain('tab=made'));
    expect(await screen.findByText('No payments made yet')).toBeInTheDocument();
    // In the header and in the empty list.
    expect(screen.getAllByRole('button', { name: 'Record payment made' })).toHaveLength(2);
  });

  it('shows no tabs to a business that only buys: its payments are the ones it made', async () => {
    const { requests } = mockFetch(tenant, route('GET', '/api/v1/payments', () => paymentPage([])));
    renderApp('/payments', makeSession({ current_business: { ...acme, is_vendor: false }, current_user_abilities: ['view-payment'] }));

    expect(await screen.findByText('No payments made yet', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record payment/ })).not.toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/payments')?.search.get('tab')).toBe('made');
  });

  it('deletes the selected payments after confirmation', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/payments', () => paymentPage([makePayment(), makePayment({ id: 'pay-2', payment_number: 'PAY-000002' })])),
      route('POST', '/api/v1/payments/delete', () => jsonResponse(200, { success: true, count: 2 })),
    );
    renderApp('/payments?tab=received', makeSession({ current_user_abilities: remover }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }, lazyLoad));
    await user.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete payment' })).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('2 payments deleted', {}, lazyLoad)).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/payments/delete')?.body).toEqual({ ids: ['pay-1', 'pay-2'] });
  });

  it('offers no selection or delete to someone who records payments without delete-invoice', async () => {
    mockFetch(tenant, route('GET', '/api/v1/payments', () => paymentPage([makePayment()])));
    renderApp('/payments?tab=received', makeSession({ current_user_abilities: writer }));
    const user = userEvent.setup();

    const table = await screen.findByRole('table', {}, lazyLoad);
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Actions for payment PAY-000001' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

describe('recording a payment', () => {
  const recordingRoutes = () => [
    tenant,
    csrf,
    route('GET', '/api/v1/payments', () => paymentPage([], { received: 0 })),
    route('GET', '/api/v1/next-number', () => jsonResponse(200, { next_number: 'PAY-000007', next_sequence_number: 7, nextCustomerSequenceNumber: null })),
    route('GET', '/api/v1/customers', () => jsonResponse(200, { data: [makeCustomer()], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1, customer_total_count: 1 } })),
    route('GET', '/api/v1/customers/cust-1', () => jsonResponse(200, { data: makeCustomer() })),
    route('GET', '/api/v1/invoices', () => invoicePage([openInvoice])),
    route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: openInvoice })),
    route('GET', '/api/v1/payments/methods', () => jsonResponse(200, { data: [{ id: 'mode-1', name: 'Bank transfer', created_at: '' }], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1, payment_mode_total_count: 1 } })),
  ];

  it('offers the customer’s open invoices with what is due, proposes the due amount and the next number, and saves', async () => {
    const { requests } = mockFetch(
      ...recordingRoutes(),
      route('POST', '/api/v1/payments', () => jsonResponse(201, { data: makePayment({ id: 'pay-7', payment_number: 'PAY-000007', amount: 6000 }) })),
      route('GET', '/api/v1/payments/pay-7', () => jsonResponse(200, { data: makePayment({ id: 'pay-7', payment_number: 'PAY-000007', amount: 6000 }) })),
    );
    const { router } = renderApp('/payments', makeSession({ current_user_abilities: writer }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Record payment received' }, lazyLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment received' });
    const invoicePicker = within(dialog).getByRole('combobox', { name: 'Invoice' });
    expect(invoicePicker).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Payment number/)).toHaveValue('PAY-000007'));

    await user.click(within(dialog).getByRole('combobox', { name: /^Customer/ }));
    await user.click(await screen.findByRole('option', { name: 'Globex Corporation' }));
    await waitFor(() => expect(invoicePicker).toBeEnabled());
    await user.click(invoicePicker);
    await user.click(await screen.findByRole('option', { name: 'INV-000001 · $60.00 due' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Amount/)).toHaveValue('60.00'));
    expect(within(dialog).getByText('Amount due: $60.00')).toBeInTheDocument();
    const invoiceQuery = requests.find((r) => r.path === '/api/v1/invoices')?.search;
    expect(invoiceQuery?.get('customer_id')).toBe('cust-1');
    expect(invoiceQuery?.get('tab_status')).toBe('open');

    await user.click(within(dialog).getByRole('combobox', { name: 'Payment mode' }));
    await user.click(await screen.findByRole('option', { name: 'Bank transfer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/pay-7/view'));
    const body = requests.find((r) => r.method === 'POST' && r.path === '/api/v1/payments')?.body;
    expect(body).toMatchObject({ direction: 'received', customer_id: 'cust-1', vendor_id: null, invoice_id: 'inv-1', amount: '6000', payment_number: null, payment_method_id: 'mode-1', notes: null });
    expect(await screen.findByText('Payment recorded', {}, lazyLoad)).toBeInTheDocument();
  });

  it('refuses an amount under 0.50 or over what is due without asking the server, and shows the server’s refusals', async () => {
    const { requests } = mockFetch(
      ...recordingRoutes(),
      route('POST', '/api/v1/payments', () => jsonResponse(422, { message: messages.partialPaymentsDisabled, errors: { amount: [messages.partialPaymentsDisabled] } })),
    );
    renderApp('/payments', makeSession({ current_user_abilities: writer }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Record payment received' }, lazyLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment received' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Customer/ }));
    await user.click(await screen.findByRole('option', { name: 'Globex Corporation' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Invoice' }));
    await user.click(await screen.findByRole('option', { name: 'INV-000001 · $60.00 due' }));
    const amount = within(dialog).getByLabelText(/^Amount/);
    await waitFor(() => expect(amount).toHaveValue('60.00'));

    await user.clear(amount);
    await user.type(amount, '0.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Amount must be more than $ 0.5')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '60.01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.paymentExceedsDue)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/payments')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.partialPaymentsDisabled)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST' && r.path === '/api/v1/payments')?.body).toMatchObject({ amount: '2000' });
  });
});
