import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { csrf, makeEstimate, makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

/** Lazy route chunks and the first toast (which loads the notifications chunk) can take longer than the default second. */
const lazyLoad = { timeout: 15_000 };

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const all = ['view-invoice', 'create-invoice', 'edit-invoice', 'delete-invoice', 'send-invoice', 'approve-invoice'];
const headerButtons = () => screen.getAllByRole('button').map((button) => button.textContent);

describe('invoice view', () => {
  it('renders the document and offers exactly the actions allowed_actions and the abilities permit', async () => {
    mockFetch(tenant, route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: makeInvoice() })));
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: all }));
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' }, lazyLoad)).toBeInTheDocument();
    const totals = screen.getByRole('table', { name: 'Totals' });
    expect(within(totals).getByRole('row', { name: 'Subtotal $100.00' })).toBeInTheDocument();
    expect(within(totals).getByRole('row', { name: 'VAT (10%) $10.00' })).toBeInTheDocument();
    expect(within(totals).getByRole('row', { name: 'Total $110.00' })).toBeInTheDocument();
    expect(within(totals).getByRole('row', { name: 'Amount due $110.00' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Items' })).getByRole('cell', { name: '2 hour' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/invoices/inv-1/edit');
    expect(headerButtons()).toEqual(expect.arrayContaining(['Download PDF', 'Mark as open', 'Send', 'More']));
    expect(headerButtons()).not.toContain('Approve');
    await user.click(screen.getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    // A draft has no public link and cannot be voided (not in allowed_actions).
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Preview PDF', 'Mark as sent', 'Clone', 'Delete']);
  });

  it('hides what the user may not do even when the document allows it', async () => {
    mockFetch(tenant, route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: makeInvoice() })));
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: ['view-invoice'] }));
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' }, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(headerButtons()).not.toEqual(expect.arrayContaining(['Send']));
    expect(headerButtons()).not.toEqual(expect.arrayContaining(['Mark as open']));
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Preview PDF']);
  });

  it('marks a draft as open', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: makeInvoice() })),
      route('POST', '/api/v1/invoices/inv-1/finalize', () => jsonResponse(200, { data: makeInvoice({ status: 'open', display_status: 'open' }) })),
    );
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: all }));

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Mark as open' }, lazyLoad));
    expect(await screen.findByText('Invoice marked as open', {}, lazyLoad)).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/v1/invoices/inv-1/finalize')).toHaveLength(1);
  });

  it('sends the email with the fields as edited in the modal', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: makeInvoice() })),
      route('GET', '/api/v1/invoices/inv-1/preview-email', () =>
        jsonResponse(200, {
          data: { to: 'billing@globex.example', reply_to: 'ada@example.com', subject: 'You have received a new invoice from Acme Ltd', body: 'Please find invoice INV-000001.', send_as_attachment: true },
        }),
      ),
      route('POST', '/api/v1/invoices/inv-1/send-email', () => jsonResponse(200, { data: makeInvoice({ status: 'sent', display_status: 'sent' }), mail: { status: 'queued', held_reason: null } })),
    );
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: all }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send' }, lazyLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Send invoice' });
    const subject = await within(dialog).findByLabelText(/^Subject/);
    await waitFor(() => expect(subject).toHaveValue('You have received a new invoice from Acme Ltd'));
    expect(within(dialog).getByLabelText(/^To/)).toHaveValue('billing@globex.example');
    expect(within(dialog).getByText('The PDF is attached to the email.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^To/));
    await user.type(within(dialog).getByLabelText(/^To/), 'accounts@globex.example');
    await user.clear(subject);
    await user.type(subject, 'Invoice for March');
    await user.click(within(dialog).getByLabelText('Notify me when it is viewed'));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/v1/invoices/inv-1/send-email')?.body).toEqual({
        to: 'accounts@globex.example',
        reply_to: 'ada@example.com',
        subject: 'Invoice for March',
        body: 'Please find invoice INV-000001.',
        notify_admin: true,
      }),
    );
    expect(await screen.findByText('Invoice sent', {}, lazyLoad)).toBeInTheDocument();
  });

  it.each([
    { who: 'an admin who may see the outbox', platform: ['edit-platform-setting'], link: true },
    { who: 'a user who may not', platform: [], link: false },
  ])('says the mail was only queued when no mail server is configured, with the outbox link for $who', async ({ platform, link }) => {
    mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: makeInvoice() })),
      route('GET', '/api/v1/invoices/inv-1/preview-email', () =>
        jsonResponse(200, { data: { to: 'billing@globex.example', reply_to: null, subject: 'Invoice INV-000001', body: 'Please pay.', send_as_attachment: false } }),
      ),
      route('POST', '/api/v1/invoices/inv-1/send-email', () =>
        jsonResponse(200, { data: makeInvoice({ status: 'sent', display_status: 'sent' }), mail: { status: 'held', held_reason: 'no_mail_server' } }),
      ),
    );
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: all, current_user_platform_abilities: platform }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send' }, lazyLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Send invoice' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue('Invoice INV-000001'));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(/^Queued: no mail server is configured/, {}, lazyLoad)).toBeInTheDocument();
    const outbox = screen.queryByRole('link', { name: 'Open the outbox' });
    if (link) expect(outbox).toHaveAttribute('href', '/admin/outbox?status=held');
    else expect(outbox).not.toBeInTheDocument();
  });

  it('lets the receiving business approve, and nothing else', async () => {
    const received = makeInvoice({ direction: 'incoming', business: { id: 'biz-9', name: 'Initech' }, status: 'sent', display_status: 'sent', allowed_actions: ['approve', 'reject'] });
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: received })),
      route('POST', '/api/v1/invoices/inv-1/approve', () => jsonResponse(200, { status: 'approved' })),
    );
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: all }));
    const user = userEvent.setup();

    expect(await screen.findByText('From Initech', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Invoice marked as approved', {}, lazyLoad)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/invoices/inv-1/approve')).toBe(true);
  });

  it('downloads the PDF through the API client, with the business header', async () => {
    // jsdom has no object URLs; these stay for the file (the revoke runs on a timer after the test).
    const createObjectURL = vi.fn(() => 'blob:pdf');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    window.localStorage.setItem('selectedBusiness', 'biz-1');
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: makeInvoice() })),
      route('GET', '/api/v1/invoices/inv-1/pdf', () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } })),
    );
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: ['view-invoice'] }));

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download PDF' }, lazyLoad));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(requests.find((r) => r.path === '/api/v1/invoices/inv-1/pdf')?.headers.get('business')).toBe('biz-1');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});

describe('estimate view', () => {
  it('explains on a draft why Convert to invoice is not offered yet', async () => {
    const draft = makeEstimate({ status: 'draft', allowed_actions: ['edit', 'delete', 'finalize', 'send', 'mark_sent', 'void', 'clone'] });
    mockFetch(tenant, route('GET', '/api/v1/estimates/est-1', () => jsonResponse(200, { data: draft })));
    renderApp('/estimates/est-1/view', makeSession({ current_user_abilities: ['view-estimate', 'edit-estimate', 'create-invoice', 'view-invoice'] }));

    expect(await screen.findByText('Not ready to convert yet', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.getByText(/Mark it as open first; then Convert to invoice is offered/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as open' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Convert to invoice' })).not.toBeInTheDocument();
  });

  it('converts to an invoice and opens it', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/estimates/est-1', () => jsonResponse(200, { data: makeEstimate() })),
      route('POST', '/api/v1/estimates/est-1/convert-to-invoice', () => jsonResponse(200, { data: makeInvoice({ id: 'inv-42', estimate_id: 'est-1' }) })),
      route('GET', '/api/v1/invoices/inv-42', () => jsonResponse(200, { data: makeInvoice({ id: 'inv-42', estimate_id: 'est-1' }) })),
    );
    const { router } = renderApp('/estimates/est-1/view', makeSession({ current_user_abilities: ['view-estimate', 'edit-estimate', 'create-invoice', 'view-invoice'] }));

    expect(await screen.findByText('PO-77', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByText('Not ready to convert yet')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Convert to invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/inv-42/view'));
    expect(await screen.findByText('Estimate converted to invoice', {}, lazyLoad)).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/v1/estimates/est-1/convert-to-invoice')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Created from an estimate' }, lazyLoad)).toHaveAttribute('href', '/estimates/est-1/view');
  });
});
