import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@app/contracts';
import { csrf, makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { acme, makeSession, tenantConfig } from '../../../test/fixtures';
import { claimPage, makeClaim, makePayment, paymentPage } from '../../../test/payment-fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const writer = ['view-payment', 'send-payment', 'view-invoice'];
const noPayments = route('GET', '/api/v1/payments', () => paymentPage([], { received: 0 }));

describe('claims awaiting the vendor on the payments page', () => {
  it('confirms a claim after asking, and refreshes the list', async () => {
    let decided = false;
    const { requests } = mockFetch(
      tenant,
      csrf,
      noPayments,
      route('GET', '/api/v1/payments/claims', () => claimPage(decided ? [] : [makeClaim()])),
      route('POST', '/api/v1/payments/claim-1/confirm', () => {
        decided = true;
        return jsonResponse(200, { data: makeClaim({ status: 'confirmed', receipt_payment_id: 'pay-9' }) });
      }),
    );
    renderApp('/payments?tab=received', makeSession({ current_user_abilities: writer }));
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Payments awaiting your confirmation' }, lazyLoad);
    const item = within(section).getByRole('listitem', { name: 'Globex Corporation · $110.00' });
    expect(item).toHaveTextContent('10 Mar 2026 · their reference PAY-000003 · Bank transfer · INV-000001');
    expect(within(item).getByRole('link', { name: 'INV-000001' })).toHaveAttribute('href', '/invoices/inv-1/view');
    expect(within(item).getByText('Awaiting your confirmation')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/payments/claims')?.search.get('status')).toBe('claimed');

    await user.click(within(item).getByRole('button', { name: 'Confirm payment PAY-000003 from Globex Corporation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' }, lazyLoad);
    expect(dialog).toHaveTextContent('Did $110.00 from Globex Corporation arrive? Confirming records it as a payment received against invoice INV-000001');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));

    expect(await screen.findByText('Payment confirmed', {}, lazyLoad)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/payments/claim-1/confirm')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Payments awaiting your confirmation' })).not.toBeInTheDocument(), lazyLoad);
  });

  it('rejects with the reason typed, and shows the server refusing a confirmation', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      noPayments,
      route('GET', '/api/v1/payments/claims', () => claimPage([makeClaim(), makeClaim({ id: 'claim-2', payment_number: 'PAY-000004', amount: 2500 })])),
      route('POST', '/api/v1/payments/claim-1/reject', () => jsonResponse(200, { data: makeClaim({ status: 'rejected', reason: 'Nothing arrived' }) })),
      route('POST', '/api/v1/payments/claim-2/confirm', () => jsonResponse(422, { message: messages.claimExceedsDue, errors: { amount: [messages.claimExceedsDue] } })),
    );
    renderApp('/payments?tab=received', makeSession({ current_user_abilities: writer }));
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Payments awaiting your confirmation' }, lazyLoad);
    await user.click(within(section).getByRole('button', { name: 'Reject payment PAY-000003 from Globex Corporation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject payment' }, lazyLoad);
    expect(dialog).toHaveTextContent('The invoice stays as it is, and the customer is told.');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  Nothing arrived ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject payment' }));
    expect(await screen.findByText('Payment rejected', {}, lazyLoad)).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/payments/claim-1/reject')?.body).toEqual({ reason: 'Nothing arrived' });

    await user.click(within(section).getByRole('button', { name: 'Confirm payment PAY-000004 from Globex Corporation' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm payment' }, lazyLoad)).getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText(messages.claimExceedsDue, {}, lazyLoad)).toBeInTheDocument();
  });

  it('shows nothing when no claim awaits, an error with a retry when they cannot load, and no decisions to a reader', async () => {
    let failing = true;
    mockFetch(
      tenant,
      noPayments,
      route('GET', '/api/v1/payments/claims', () => (failing ? jsonResponse(500, { message: 'Server Error' }) : claimPage([makeClaim()]))),
    );
    renderApp('/payments?tab=received', makeSession({ current_user_abilities: ['view-payment'] }));
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Payments awaiting your confirmation' }, lazyLoad);
    expect(await within(section).findByRole('alert', {}, lazyLoad)).toBeInTheDocument();
    failing = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('Awaiting your confirmation', {}, lazyLoad)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Confirm|Reject/ })).not.toBeInTheDocument();
  });

  it('is not shown on the made tab, nor when nothing awaits', async () => {
    const { requests } = mockFetch(tenant, noPayments, route('GET', '/api/v1/payments/claims', () => claimPage([])));
    renderApp('/payments?tab=received', makeSession({ current_user_abilities: writer }));
    expect(await screen.findByText('No payments received yet', {}, lazyLoad)).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.path === '/api/v1/payments/claims')).toBe(true), lazyLoad);
    expect(screen.queryByRole('region', { name: 'Payments awaiting your confirmation' })).not.toBeInTheDocument();
  });
});

describe('claims on the payer side', () => {
  it('lists payments made with where each claim stands', async () => {
    mockFetch(
      tenant,
      route('GET', '/api/v1/payments', () =>
        paymentPage(
          [
            makePayment({ id: 'pay-1', direction: 'made', customer_id: null, vendor_id: 'ven-1', status: 'pending', claim: { status: 'claimed', decided_at: null, reason: null, recorded_by_vendor: false } }),
            makePayment({ id: 'pay-2', direction: 'made', payment_number: 'PAY-000002', customer_id: null, vendor_id: 'ven-1', status: 'failed', claim: { status: 'rejected', decided_at: '2026-03-06T10:00:00Z', reason: 'Nothing arrived', recorded_by_vendor: false } }),
            makePayment({ id: 'pay-3', direction: 'made', payment_number: 'PAY-000003', invoice: null, invoice_id: null, customer_id: null, vendor_id: 'ven-1' }),
          ],
          { received: 0, made: 3 },
        ),
      ),
    );
    renderApp('/payments?tab=made', makeSession({ current_business: { ...acme, is_vendor: false }, current_user_abilities: writer }));

    const table = await screen.findByRole('table', {}, lazyLoad);
    expect(within(within(table).getByRole('row', { name: /PAY-000001/ })).getByText('Awaiting vendor confirmation')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /PAY-000002/ })).getByText('Rejected by vendor: Nothing arrived')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /PAY-000003/ })).not.toHaveTextContent(/vendor/i);
  });

  it('shows a confirmed claim as locked: no delete, and the vendor, invoice, date and amount cannot change', async () => {
    const confirmed = makePayment({
      direction: 'made',
      customer_id: null,
      vendor_id: 'ven-1',
      claim: { status: 'confirmed', decided_at: '2026-03-06T10:00:00Z', reason: null, recorded_by_vendor: false },
    });
    mockFetch(tenant, route('GET', '/api/v1/payments/pay-1', () => jsonResponse(200, { data: confirmed })), route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: makeInvoice({ status: 'sent' }) })));
    renderApp('/payments/pay-1/view', makeSession({ current_user_abilities: writer }));
    const user = userEvent.setup();

    expect(await screen.findByText('Confirmed by vendor', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.getByText('The vendor confirmed this payment on 06 Mar 2026: its vendor, invoice, date and amount can no longer change.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit payment' }, lazyLoad);
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText(/^Payment date/)).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('combobox', { name: 'Invoice' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: /^Vendor/ })).toBeDisabled();
    expect(within(dialog).getAllByText('Confirmed by the vendor: cannot change.').length).toBeGreaterThan(0);
  });

  it('tells the payer why a claim was rejected and what to do (delete needs delete-invoice too)', async () => {
    const rejected = makePayment({ direction: 'made', customer_id: null, vendor_id: 'ven-1', status: 'failed', claim: { status: 'rejected', decided_at: '2026-03-06T10:00:00Z', reason: 'Nothing arrived', recorded_by_vendor: false } });
    mockFetch(tenant, route('GET', '/api/v1/payments/pay-1', () => jsonResponse(200, { data: rejected })));
    renderApp('/payments/pay-1/view', makeSession({ current_user_abilities: [...writer, 'delete-invoice'] }));
    expect(await screen.findByText('Rejected by vendor: Nothing arrived', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.getByText('Correct the payment to send it to the vendor again, or delete it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});

describe('claims on the invoice view', () => {
  it('shows the issuer every claim on its invoice with the decisions still open', async () => {
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: makeInvoice({ status: 'sent', display_status: 'sent' }) })),
      route('GET', '/api/v1/invoices/inv-1/reminders', () => jsonResponse(200, { data: [] })),
      route('GET', '/api/v1/payments/claims', () =>
        claimPage([
          makeClaim(),
          makeClaim({ id: 'claim-2', payment_number: 'PAY-000002', status: 'rejected', reason: 'Wrong amount', decided_at: '2026-03-08T10:00:00Z' }),
          makeClaim({ id: 'claim-3', payment_number: 'PAY-000001', amount: 1000, status: 'confirmed', receipt_payment_id: 'pay-9', decided_at: '2026-03-07T10:00:00Z' }),
        ]),
      ),
    );
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: writer }));

    const card = await screen.findByRole('region', { name: 'Payments claimed by the customer' }, lazyLoad);
    const items = await within(card).findAllByRole('listitem', {}, lazyLoad);
    expect(items).toHaveLength(3);
    expect(within(items[0] ?? card).getByRole('button', { name: 'Confirm payment PAY-000003 from Globex Corporation' })).toBeInTheDocument();
    expect(within(items[1] ?? card).getByText('Rejected: Wrong amount')).toBeInTheDocument();
    expect(within(items[2] ?? card).getByRole('link', { name: 'View payment received' })).toHaveAttribute('href', '/payments/pay-9/view');
    expect(within(card).getAllByRole('button', { name: /^Confirm/ })).toHaveLength(1);
    const query = requests.find((r) => r.path === '/api/v1/payments/claims')?.search;
    expect(query?.get('invoice_id')).toBe('inv-1');
    expect(query?.get('status')).toBe('all');
  });

  it('says so when the customer has recorded no payment, and shows the payer its own payments on an incoming invoice', async () => {
    mockFetch(
      tenant,
      route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: makeInvoice({ status: 'sent', display_status: 'sent' }) })),
      route('GET', '/api/v1/invoices/inv-1/reminders', () => jsonResponse(200, { data: [] })),
      route('GET', '/api/v1/invoices/inv-2', () => jsonResponse(200, { data: makeInvoice({ id: 'inv-2', direction: 'incoming', status: 'sent', display_status: 'sent', allowed_actions: [] }) })),
      route('GET', '/api/v1/payments/claims', () => claimPage([])),
      (request) =>
        request.path === '/api/v1/payments' && request.search.get('invoice_id') === 'inv-2'
          ? paymentPage([makePayment({ direction: 'made', customer_id: null, vendor_id: 'ven-1', status: 'pending', claim: { status: 'claimed', decided_at: null, reason: null, recorded_by_vendor: false } })], { made: 1 })
          : undefined,
    );
    const { router } = renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: writer }));

    const card = await screen.findByRole('region', { name: 'Payments claimed by the customer' }, lazyLoad);
    expect(await within(card).findByText('The customer has not recorded a payment against this invoice.', {}, lazyLoad)).toBeInTheDocument();

    await router.navigate('/invoices/inv-2/view');
    const mine = await screen.findByRole('region', { name: 'Your payments' }, lazyLoad);
    expect(await within(mine).findByRole('link', { name: 'Receipt PAY-000001' }, lazyLoad)).toHaveAttribute('href', '/payments/pay-1/view');
    expect(within(mine).getByText('Awaiting vendor confirmation')).toBeInTheDocument();
  });
});
